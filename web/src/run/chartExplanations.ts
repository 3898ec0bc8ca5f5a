/**
 * "What am I looking at?" under each run chart: two or three plain sentences (legend, units, what a
 * drop marker or a verdict means) and the lesson that covers it (`#/learn/<id>`). The one source of
 * these texts, beside the one-line captions (`chartCaptions.ts`); `learn/chartExplanations.test.ts`
 * checks that every linked lesson exists.
 */
import type { Panel } from '../session/panels';

export interface ChartExplanation {
  text: readonly string[];
  /** The lesson that covers the chart, and its link text. */
  lesson: string;
  lessonTitle: string;
}

export const CHART_EXPLANATIONS: Record<Panel, ChartExplanation> = {
  cwnd: {
    text: [
      'Each coloured line is one flow’s congestion window, in kilobytes: how much data it may send before it must wait for an acknowledgement. The dashed line of the same colour is its slow-start threshold.',
      'The window doubles every round trip in slow start, then grows by about one segment per round trip; each sudden cut is the sender reacting to a loss it took for congestion — a drop to one segment is a timeout.',
    ],
    lesson: 'slow-start-aimd',
    lessonTitle: 'Slow start and AIMD',
  },
  throughput: {
    text: [
      'Each line is the data one receiver got in order, in kbit/s, averaged over a short trailing window; with several flows the thick line is their sum.',
      'It follows the window divided by the round trip, so it falls after every cut; flat stretches near zero are the sender waiting for a retransmission timer.',
    ],
    lesson: 'throughput-vs-loss',
    lessonTitle: 'Throughput against loss',
  },
  queue: {
    text: [
      'Each line is the number of packets waiting in one link direction’s buffer (dashed: the reverse, acknowledgement direction).',
      'A triangle on the top rail is a packet that was lost, coloured by its true cause: a full buffer (congestion) or damage on the link. The sender cannot see that colour; it only sees that a packet is missing.',
    ],
    lesson: 'buffer-sizing',
    lessonTitle: "How big should a router's buffer be?",
  },
  fairness: {
    text: [
      'The thick line is Jain’s fairness index of the flows’ throughputs: 1 when every flow gets the same, 1/n when one flow takes everything.',
      'The thin lines are each flow’s share of the total. A flow that backs off less often, such as one with loss differentiation, takes a larger share.',
    ],
    lesson: 'fairness-jain',
    lessonTitle: 'Sharing a link fairly',
  },
  sequence: {
    text: [
      'Each dot is one segment of the chosen flow, placed by the time it was sent (across) and its sequence number (up); the grey steps are the cumulative acknowledgements.',
      'A cross is a drop, coloured by its true cause; a ring is a retransmission; a tick on the time axis is a timeout; ▲ and ▼ are the classifier’s verdicts (congestion, wireless).',
    ],
    lesson: 'fast-recovery-vs-timeout',
    lessonTitle: 'Fast recovery or a timeout',
  },
  classifier: {
    text: [
      'For each flow and classifier, two bars in %: A_c, the share of congestion losses it judged “congestion”, and A_w, the share of damaged packets it judged “wireless”.',
      'A wrong verdict has a price: “congestion” for a damaged packet costs a needless halving of the window; “wireless” for a full buffer keeps sending into congestion.',
    ],
    lesson: 'classifiers-ground-truth',
    lessonTitle: 'Judging loss classifiers against the truth',
  },
  packets: {
    text: [
      'The run’s packets on their way, slowed down: data segments leave the senders, wait in the router queue, cross the bottleneck and reach the receiver; ACKs come back below.',
      'A packet that finds the queue full is dropped there (congestion); a packet whose bits are hit on the link is discarded where it arrives (header or payload). The sender sees only a missing packet either way: its classifier’s verdict is shown beside the truth.',
    ],
    lesson: 'loss-as-congestion',
    lessonTitle: 'Why TCP reads every loss as congestion',
  },
};
