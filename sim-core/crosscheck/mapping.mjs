// LossLab scenario → ns-3.44 harness arguments (sim-core/crosscheck/ns3/harness.cc), and the
// knob table docs/fidelity.md prints. Only the dumbbell subset the crosscheck grid uses is mapped;
// anything else throws, so a grid file cannot silently measure something the harness ignores.
// `npm run bench:ns3` (web/scripts/bench-ns3.mjs) maps the benchmark workloads W1–W4 with two
// options the crosscheck never sets: `finite` (finite transfers → `--maxBytes`, the run stopping
// when all are delivered) and `anyFraming` (LossLab links without the 2-byte PPP header).

/** LossLab `tcp.cc` → ns-3 TcpCongestionOps type. */
export const VARIANTS = {
  new_reno: 'TcpNewReno',
  westwood_plus: 'TcpWestwoodPlus',
  veno: 'TcpVeno',
  cubic: 'TcpCubic',
  bbr: 'TcpBbr',
};

/**
 * Each LossLab field ↔ the ns-3 attribute it corresponds to (rows of the doc's knob table).
 * `ns3` null: no counterpart (what ns-3 does instead is in `note`).
 */
export const KNOBS = [
  [
    'seed',
    'RngSeedManager::SetRun (run number; seed fixed at 1)',
    'Different generators: the same number gives unrelated error patterns, so only means compare',
  ],
  [
    'stop.time_s',
    'Simulator::Stop, application Stop',
    'goodput = bytes delivered to the sink × 8 / duration on both sides',
  ],
  ['topology.{access,bottleneck}.rate_bps', 'PointToPointNetDevice::DataRate', ''],
  ['topology.{access,bottleneck}.delay_ms', 'PointToPointChannel::Delay', ''],
  [
    'topology.*.framing_bytes = 2',
    'PppHeader (2 bytes, always on point-to-point links)',
    'counts in serialization time and in the bit-error exposure on both sides',
  ],
  [
    'queue.kind drop_tail, limit_pkts',
    'DropTailQueue<Packet>::MaxSize (N packets) on the NetDevice, traffic-control qdisc removed (TrafficControlHelper::Uninstall)',
    'ns-3 stacks a qdisc (FqCoDel by default) over the device queue; removing it leaves one FIFO of the same size. Neither counts the packet in transmission (counts_in_service false).',
  ],
  [
    'queue.kind red, limit_pkts',
    'RedQueueDisc::MaxSize = limit − 1 packets over a 1-packet device queue',
    "with flow control the device holds one waiting packet, so at most limit wait in all; RED's average is over the qdisc's packets only (one fewer than LossLab's while the device slot is full)",
  ],
  ['queue.min_th_pkts / max_th_pkts', 'RedQueueDisc::MinTh / MaxTh', ''],
  ['queue.max_p', 'RedQueueDisc::LInterm = 1 / max_p', ''],
  ['queue.w_q', 'RedQueueDisc::QW', ''],
  ['queue.gentle', 'RedQueueDisc::Gentle', 'ns-3 default on, LossLab default off: the grid sets both to on'],
  [
    'queue.mean_packet_bytes',
    'RedQueueDisc::MeanPktSize (idle-time decay), LinkBandwidth, LinkDelay',
    "ns-3 RED also has Wait (on: count-based spacing of early drops, as LossLab's count), UseHardDrop (on)",
  ],
  [
    'errors.kind bit_error, ber',
    'RateErrorModel, ERROR_UNIT_BIT, Rate (ReceiveErrorModel of the far bottleneck device)',
    'P(frame hit) = 1 − (1 − BER)^(8·(IP + 2)) on both sides; LossLab draws error positions along the bit stream, ns-3 one uniform per frame',
  ],
  ['errors.header_bytes', null, "ns-3 has no header/payload distinction (used only by LossLab's checksum classifiers)"],
  ['errors.kind packet_error, per', 'RateErrorModel, ERROR_UNIT_PACKET, Rate', ''],
  [
    'flows[].count',
    'N BulkSendApplication (MaxBytes 0) / PacketSink pairs on one sender and one receiver node',
    "LossLab's dumbbell has one shared access link; so does the harness",
  ],
  ['tcp.cc', 'TcpL4Protocol::SocketType (TcpNewReno, TcpWestwoodPlus, TcpVeno, TcpCubic, TcpBbr)', ''],
  [
    'tcp.cc_params (westwood_plus filter ns3_tustin, exit ns3)',
    'TcpWestwoodPlus FilterType TUSTIN, its ssthresh rule',
    '',
  ],
  ['tcp.mss_bytes', 'TcpSocket::SegmentSize (default 536; the grid uses 1448)', ''],
  [
    'tcp.rwnd_bytes',
    'TcpSocket::RcvBufSize (131072) with WindowScaling on; SndBufSize also 131072',
    'ns-3 also caps the sender by its send buffer',
  ],
  ['tcp.initial_window_pkts', 'TcpSocket::InitialCwnd (10)', ''],
  [
    'tcp.delayed_ack_ms',
    'TcpSocket::DelAckTimeout (200 ms)',
    'LossLab ACKs every second full segment; ns-3 DelAckCount = 2',
  ],
  ['tcp.min_rto_ms', 'TcpSocketBase::MinRto (1 s)', ''],
  [
    'tcp.initial_rto_ms',
    'RttEstimator::InitialEstimation (1 s)',
    'ns-3 times the SYN with TcpSocket::ConnTimeout (3 s) instead; no SYN is lost in the grid',
  ],
  [
    'tcp.max_rto_ms',
    'the 60 s cap hard-coded in TcpSocketBase::ReTxTimeout (not an attribute)',
    'ns-3 gives up after DataRetries = 6 retransmissions of a segment; LossLab keeps backing off',
  ],
  ['tcp.clock_granularity_ms', 'TcpSocketBase::ClockGranularity (1 ms)', ''],
  ['tcp.sack', 'TcpSocketBase::Sack (on)', ''],
  ['tcp.timestamps', 'TcpSocketBase::Timestamp (on)', 'ns-3 pads the option to 12 bytes as LossLab counts it'],
  ['tcp.limited_transmit', 'TcpSocketBase::LimitedTransmit (on)', ''],
  ['tcp.dupack_threshold', 'TcpSocketBase::ReTxThreshold (3)', ''],
  [
    'tcp.cwnd_growth packet_integer',
    'TcpNewReno::SlowStart / CongestionAvoidance: one segment per ACK in slow start whatever it acknowledges, max(1, ⌊SMSS²/cwnd⌋) bytes per ACK after',
    '',
  ],
  ['tcp.rtt_sampling per_ack, rtt_tick_ms 0', 'RttMeanDeviation fed by every timestamped ACK', ''],
  [
    'tcp.rto_restart_every_partial false',
    'TcpSocketBase::ProcessAck: NewAck(ack, m_isFirstPartialAck) restarts the timer on the first partial ACK of a recovery only',
    '',
  ],
  ['tcp.newreno_exit base', 'TcpPrrRecovery / TcpClassicRecovery::ExitRecovery: cwnd = ssthresh', ''],
  [
    'tcp.recovery prr, prr_bound ssrb',
    'TcpL4Protocol::RecoveryType = TcpPrrRecovery (RFC 6937)',
    'ns-3.44 uses the RFC 6937bis bound (CRB, one extra segment only on a "safe" ACK); SSRB is LossLab\'s nearest',
  ],
  [
    'tcp.flight_size pipe',
    'TcpSocketBase::EnterRecovery / ReTxTimeout pass BytesInFlight() (the RFC 6675 pipe with SACK) to GetSsThresh',
    "LossLab's default (outstanding) is RFC 5681's SND.MAX − SND.UNA",
  ],
  [
    'tcp.cc_params.reduce_from flight (veno)',
    'TcpVeno::GetSsThresh(tcb, bytesInFlight): 4/5 or 1/2 of the bytes in flight',
    "LossLab's default multiplies cwnd, as Linux tcp_veno.c",
  ],
  [
    'tcp.cc_params.reduce_from cwnd (cubic)',
    'TcpCubic::GetSsThresh: β times cwnd in whole segments',
    "LossLab's default follows RFC 9438 §4.6 (β times FlightSize)",
  ],
  [
    'tcp.profile ns3',
    'all of the above at their ns-3.44 defaults',
    'the grid writes every field out as well, for the harness; a test checks they equal the profile',
  ],
  [
    'tcp.pacing',
    'TcpSocketState::EnablePacing (off; TcpBbr paces regardless)',
    'LossLab paces only variants that report a rate (BBR), in and out of recovery',
  ],
  ['tcp.handshake', 'always (SYN, SYN-ACK)', ''],
  [
    'tcp.recover_guard, ld_rto_keep_window, classifier',
    null,
    'ns-3 has no loss classifiers; always_congestion is plain TCP',
  ],
];

/**
 * Harness command-line arguments for `scenario` (any seed; the caller adds --run).
 * `finite`: accept finite transfers (`flows[].bytes` with `stop.when_transfers_done`) as
 * `--maxBytes` (the harness's goodput is then bytes × 8 / `stop.time_s`, not a transfer rate:
 * for timing only). `anyFraming`: accept links whose `framing_bytes` is not ns-3's 2 (ns-3 still
 * puts 2 bytes of PPP header on every frame).
 */
export function harnessArgs(scenario, { finite = false, anyFraming = false } = {}) {
  const t = scenario.topology;
  if (t.kind !== 'dumbbell') throw new Error(`${scenario.id}: only dumbbell scenarios map to the harness`);
  if (scenario.flows.length < 1) throw new Error(`${scenario.id}: no flows`);
  if ((scenario.cross_traffic ?? []).length) throw new Error(`${scenario.id}: no cross traffic in the harness`);
  const f = scenario.flows[0];
  const tcp = f.tcp;
  for (const [i, g] of scenario.flows.entries()) {
    const where = `${scenario.id}: flows[${i}]`;
    if (!VARIANTS[g.tcp.cc]) throw new Error(`${where}.tcp.cc: ${g.tcp.cc} has no ns-3 counterpart in the harness`);
    if (g.tcp.classifier !== 'always_congestion') {
      throw new Error(`${where}.tcp.classifier: classifiers have no ns-3 counterpart`);
    }
    const differs = sharedTcpDifference(tcp, g.tcp);
    if (differs) {
      throw new Error(
        `${where}.tcp.${differs}: differs from flows[0]; ns-3 sets it for every socket, so flow groups may differ only in tcp.cc and tcp.cc_params`,
      );
    }
  }
  const finiteOk = finite && f.bytes !== null && scenario.stop.when_transfers_done === true;
  const mixed = scenario.flows.length > 1;
  if (mixed && scenario.flows.some((g) => g.bytes !== null)) {
    throw new Error(`${scenario.id}: several flow groups map only as bulk flows`);
  }
  if ((f.bytes !== null && !finiteOk) || (!mixed && f.start_s !== 0)) {
    throw new Error(
      `${scenario.id}: bulk flows from t = 0 only` + (finite ? ' (or finite ones with stop.when_transfers_done)' : ''),
    );
  }
  const b = t.bottleneck;
  if (!anyFraming && (b.framing_bytes !== 2 || t.access.framing_bytes !== 2)) {
    throw new Error(`${scenario.id}: ns-3's PPP framing is 2 bytes`);
  }
  const q = b.queue;
  const args = [
    ...flowArgs(scenario),
    `--duration=${scenario.stop.time_s}`,
    `--rate=${b.rate_bps}`,
    `--delay=${b.delay_ms}`,
    `--queue=${q.limit_pkts}`,
    `--queueKind=${q.kind}`,
    `--accessRate=${t.access.rate_bps}`,
    `--accessDelay=${t.access.delay_ms}`,
    `--accessQueue=${t.access.queue.limit_pkts}`,
    `--mss=${tcp.mss_bytes}`,
    `--iw=${tcp.initial_window_pkts}`,
    `--delAckCount=${tcp.delayed_ack_ms > 0 ? 2 : 1}`,
    `--delAckTimeout=${tcp.delayed_ack_ms}`,
    `--minRto=${tcp.min_rto_ms}`,
    `--clockGranularity=${tcp.clock_granularity_ms}`,
    `--sack=${tcp.sack}`,
    `--timestamps=${tcp.timestamps}`,
    `--limitedTransmit=${tcp.limited_transmit}`,
    `--buf=${tcp.rwnd_bytes}`,
  ];
  if (finiteOk) args.push(`--maxBytes=${f.bytes}`);
  if (q.kind === 'red') {
    args.push(
      `--minTh=${q.min_th_pkts}`,
      `--maxTh=${q.max_th_pkts}`,
      `--maxP=${q.max_p}`,
      `--wq=${q.w_q}`,
      `--gentle=${q.gentle}`,
      `--meanPkt=${q.mean_packet_bytes}`,
    );
  } else if (q.kind !== 'drop_tail') {
    throw new Error(`${scenario.id}: queue ${q.kind} has no ns-3 counterpart in the harness`);
  }
  const e = b.errors;
  if (e.kind === 'bit_error') args.push('--errors=bit_error', `--errorRate=${e.ber}`);
  else if (e.kind === 'packet_error') args.push('--errors=packet_error', `--errorRate=${e.per}`);
  else if (e.kind !== 'none')
    throw new Error(`${scenario.id}: errors ${e.kind} have no ns-3 counterpart in the harness`);
  return args;
}

/**
 * The harness's flow arguments: one group → `--variant`, `--flows` (every flow from t = 0); several
 * groups (a mixed-variant scenario) → `--variants` and `--starts`, one entry per flow in the order
 * LossLab numbers them (group by group, `<id>.0`, `<id>.1`, …), so the harness's flow i is
 * LossLab's i-th summary row.
 */
function flowArgs(scenario) {
  const groups = scenario.flows;
  if (groups.length === 1) return [`--variant=${VARIANTS[groups[0].tcp.cc]}`, `--flows=${groups[0].count}`];
  const per = groups.flatMap((g) => Array.from({ length: g.count }, () => g));
  for (const [i, g] of groups.entries()) {
    if (!(Number.isFinite(g.start_s) && g.start_s >= 0)) {
      throw new Error(`${scenario.id}: flows[${i}].start_s must be a time ≥ 0 s, got ${g.start_s}`);
    }
  }
  return [
    `--variants=${per.map((g) => VARIANTS[g.tcp.cc]).join(',')}`,
    `--starts=${per.map((g) => g.start_s).join(',')}`,
  ];
}

/** TCP fields that ns-3 sets per node, not per socket: every flow group must agree on them. */
const PER_SOCKET = new Set(['cc', 'cc_params']);

/** The first `tcp` field (other than cc, cc_params) whose value differs between `a` and `b`, or null. */
function sharedTcpDifference(a, b) {
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!PER_SOCKET.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k])) return k;
  }
  return null;
}

/** Flow i's group index for a scenario's expanded flows (LossLab's summary order, the harness's). */
export function flowGroups(scenario) {
  return scenario.flows.flatMap((g, gi) => Array.from({ length: g.count }, () => gi));
}
