/**
 * Starting points for the reader's own code (docs/design.md §1.15): each a complete, working
 * class, short enough to read in one go, with the rule it follows named in a comment. The
 * classifiers follow two published families (an inter-arrival rule after Biaz, an RTT rule after
 * the Vegas predictor); the congestion controls are NewReno's rules and a gentler cut.
 */

export interface CodeTemplate {
  id: string;
  /** What the menu shows. */
  title: string;
  source: string;
}

export const CLASSIFIER_TEMPLATES: readonly CodeTemplate[] = [
  {
    id: 'inter-arrival',
    title: 'Inter-arrival rule (like Biaz)',
    source: `// Inter-arrival rule, after Biaz: when the first segment after a hole reaches the receiver
// about as late as the missing segments would have taken to cross the link, they were sent and
// damaged on the way (wireless); a longer or shorter gap points at the queue (congestion).
class Classifier {
  constructor() {
    this.previous = null; // the previous ACK
    this.minGap = Infinity; // smallest time between two arrivals at the receiver, s
    this.holeGap = null; // the gap in front of the first segment after a hole, s
    this.missing = 1; // segments missing in that hole
  }

  on_ack(ack) {
    if (this.previous !== null) {
      const gap = ack.data_arrival_s - this.previous.data_arrival_s;
      if (!ack.duplicate && gap > 0) this.minGap = Math.min(this.minGap, gap);
      if (ack.dupacks === 1) {
        this.holeGap = gap;
        this.missing = Math.max(1, Math.round((ack.data_seq - ack.ack) / ack.mss_bytes));
      }
    }
    this.previous = ack;
  }

  on_loss(loss) {
    if (this.holeGap === null || this.minGap === Infinity) return 'congestion';
    const n = this.missing;
    const wireless = (n + 1) * this.minGap <= this.holeGap && this.holeGap < (n + 2) * this.minGap;
    return wireless ? 'wireless' : 'congestion';
  }
}
`,
  },
  {
    id: 'rtt',
    title: 'RTT rule (like the Vegas predictor)',
    source: `// RTT rule, after the Vegas predictor: estimate how many of the flow's segments wait in
// queues (the window times the share of the RTT that is queueing). Few waiting segments mean
// the queue was not full, so the loss was not congestion.
class Classifier {
  constructor() {
    this.threshold = 3; // segments; the Vegas predictor's beta
  }

  on_loss(loss) {
    if (loss.min_rtt_s <= 0 || loss.last_rtt_s <= 0) return 'congestion';
    const window = loss.cwnd_bytes / loss.mss_bytes;
    const queued = window * (1 - loss.min_rtt_s / loss.last_rtt_s);
    return queued < this.threshold ? 'wireless' : 'congestion';
  }
}
`,
  },
  {
    id: 'always-congestion',
    title: 'Always congestion (standard TCP)',
    source: `// Standard TCP: every loss is congestion. The same answers as the built-in
// "Always congestion", to change from there.
class Classifier {
  on_loss(loss) {
    return 'congestion';
  }
}
`,
  },
];

export const CC_TEMPLATES: readonly CodeTemplate[] = [
  {
    id: 'new-reno',
    title: 'NewReno (RFC 5681 and 6582)',
    source: `// NewReno's window rules (the sender does loss recovery): grow by one segment per ACK below
// the threshold (slow start), by one segment per window above it; halve on a loss judged
// congestion; restart from one segment after a timeout. Return only what changes.
class CongestionControl {
  on_ack(ack, window) {
    const mss = window.mss_bytes;
    const grow = window.cwnd_bytes < window.ssthresh_bytes ? mss : (mss * mss) / window.cwnd_bytes;
    return { cwnd_bytes: window.cwnd_bytes + grow };
  }

  on_loss(loss, verdict) {
    if (verdict === 'wireless') return; // keep the window
    const half = Math.max(loss.flight_bytes / 2, 2 * loss.mss_bytes);
    return { cwnd_bytes: half, ssthresh_bytes: half };
  }

  on_timeout(loss) {
    const half = Math.max(loss.flight_bytes / 2, 2 * loss.mss_bytes);
    return { cwnd_bytes: loss.mss_bytes, ssthresh_bytes: loss.repeated_timeout ? loss.ssthresh_bytes : half };
  }
}
`,
  },
  {
    id: 'gentle',
    title: 'A gentler cut (×0.8 on each loss)',
    source: `// NewReno's growth with a gentler reaction: a loss judged congestion takes the window to 80 %
// of what was in flight instead of half (CUBIC's beta is 0.7, NewReno's 0.5).
class CongestionControl {
  constructor() {
    this.beta = 0.8;
  }

  on_ack(ack, window) {
    const mss = window.mss_bytes;
    const grow = window.cwnd_bytes < window.ssthresh_bytes ? mss : (mss * mss) / window.cwnd_bytes;
    return { cwnd_bytes: window.cwnd_bytes + grow };
  }

  on_loss(loss, verdict) {
    if (verdict === 'wireless') return;
    const cut = Math.max(loss.flight_bytes * this.beta, 2 * loss.mss_bytes);
    return { cwnd_bytes: cut, ssthresh_bytes: cut };
  }

  on_timeout(loss) {
    return { cwnd_bytes: loss.mss_bytes, ssthresh_bytes: Math.max(loss.flight_bytes / 2, 2 * loss.mss_bytes) };
  }
}
`,
  },
];
