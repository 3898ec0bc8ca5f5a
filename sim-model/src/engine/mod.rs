//! The simulation: owns the network, the connections ([`crate::tcp::Flow`]), the event calendar
//! and the metrics, and runs events in time order.
//!
//! - [`Simulation`]: build from a scenario, `run_until`, `take_points`, `summary`.
//! - [`Calendar`] / [`Event`]: the discrete-event calendar, a binary heap with FIFO tie-break
//!   (packet arrivals wait in one lane per link direction), and the closed event set.
//!
//! [`RunMode::SummaryOnly`] (sweeps, benchmarks of batch work) records no series and no trace: the
//! sampling event still fires at the same times (so event counts and the order of simultaneous
//! events are those of a sampled run) but does no work, and the summary is the same bit for bit.
//!
//! `step` pops `(t, event)`, sets `now = t` and dispatches with one `match`; components push new
//! packets into a reused scratch buffer, so the per-packet path allocates nothing.

#[cfg(test)]
mod burst_tests;
mod calendar;
mod event;
mod limits;
pub mod path_trace;
#[cfg(test)]
mod tests;

/// Parse scenario JSON text and build its run with room to spare (a million million events, a
/// gigabyte of series): the engine's own tests, which price nothing.
#[cfg(test)]
pub(crate) fn test_simulation(text: &str) -> Result<Simulation, Vec<crate::ConfigError>> {
    let limits = Limits {
        events: crate::limits::MAX_EVENTS,
        memory_bytes: 1e9,
        bytes_per_point: 16.0,
        place: "in the engine's tests",
    };
    Ok(Simulation::new(&crate::scenario::parse(text)?, limits))
}

pub use calendar::Calendar;
pub use event::{Event, TimerKind};
pub use limits::Limits;

use crate::metrics::{FlowSummary, Metrics, Summary};
use crate::net::{ChannelStats, CrossSource, CrossStats, Network, Offer};
use crate::packet::{Cause, Hit, Packet, PacketKind, PacketPool};
use crate::scenario::Scenario;
use crate::tcp::{custom, Flow, Receiver, SendOverhead, Sender};
use crate::time::{SimDuration, SimTime};

/// Checksum LD notices: on the wire when the flow itself uses `checksum`, as a side channel
/// when only a shadow classifier does (so the flow is not influenced), otherwise off.
fn notify_mode(
    tcp: &crate::tcp::TcpConfig,
    shadows: &[crate::tcp::classify::ClassifierSpec],
) -> crate::tcp::Notify {
    if tcp.classifier == "checksum" {
        crate::tcp::Notify::Option
    } else if shadows.iter().any(|s| s.id == "checksum") {
        crate::tcp::Notify::SideChannel
    } else {
        crate::tcp::Notify::Off
    }
}

/// What a run records besides its summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RunMode {
    /// Series samples (and the trace when `observe.trace` asks for it): the interactive lab.
    #[default]
    Full,
    /// The summary only: no series points, no trace (sweeps and other batch runs).
    SummaryOnly,
}

/// Why `run_until` returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    /// Reached the requested time; more to do.
    Paused,
    /// Spent the event budget of this call; more to do.
    BudgetSpent,
    /// The run is over (stop time reached or every transfer done).
    Finished,
}

/// A running simulation.
#[derive(Debug)]
pub struct Simulation {
    scenario: Scenario,
    now: SimTime,
    stop_at: SimTime,
    end: Option<SimTime>,
    events: Calendar,
    pool: PacketPool,
    net: Network,
    /// Connections.
    pub flows: Vec<Flow>,
    /// UDP cross-traffic sources (index = `Packet::flow` of their datagrams).
    cross: Vec<CrossSource>,
    out: Vec<Packet>,
    metrics: Metrics,
    sample_every: SimDuration,
    events_done: u64,
    /// What the run may spend (its caller's budget): it stops with an error past them.
    limits: Limits,
    /// Samples taken since the points were last drained ([`Simulation::take_points`]), and the
    /// most the memory budget allows held at once (the run stops past it).
    samples_held: u64,
    max_samples: u64,
    stop_when_done: bool,
    /// Flows whose receiver has completed its transfer (kept so the end test is O(1) per packet).
    flows_done: usize,
    mode: RunMode,
    /// Every flow's delivered bytes at `observe.window`'s start and end (empty until noted).
    window_marks: [Vec<u64>; 2],
    /// The packet view's path trace (`path_trace.rs`); `None` unless turned on.
    path: Option<Box<path_trace::PathTrace>>,
    /// Code of one's own (`crate::tcp::custom`): whether the scenario names some that is not yet
    /// attached, the first error of the attached code, and the error that stopped the run.
    waiting_for_code: bool,
    fault: Option<custom::Fault>,
    failed: Option<String>,
}

impl Simulation {
    /// Build a run from a validated scenario (series and trace as the scenario asks) that may
    /// spend at most `limits`.
    pub fn new(sc: &Scenario, limits: Limits) -> Self {
        Self::with_mode(sc, RunMode::Full, limits)
    }

    /// Build a run that records only what `mode` asks for; the summary does not depend on it.
    pub fn with_mode(sc: &Scenario, mode: RunMode, limits: Limits) -> Self {
        Self::build(sc.clone(), mode, limits)
    }

    /// [`Simulation::with_mode`] taking the scenario by value (no copy).
    pub fn build(sc: Scenario, mode: RunMode, limits: Limits) -> Self {
        let net = Network::build(&sc);
        let flows: Vec<Flow> = sc
            .flows
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let (data, ack) = net.flow_routes[i];
                Flow {
                    id: f.id.clone(),
                    start: SimTime::from_secs_f64(f.start_s),
                    bytes: f.bytes,
                    sender: Sender::new(
                        f.tcp.clone(),
                        i as u32,
                        data,
                        f.bytes,
                        &sc.observe.shadow_classifiers,
                    ),
                    receiver: Receiver::new(
                        &f.tcp,
                        i as u32,
                        ack,
                        f.bytes,
                        notify_mode(&f.tcp, &sc.observe.shadow_classifiers),
                    ),
                    losses_queue: 0,
                    losses_corruption: 0,
                    losses_other: 0,
                    overhead: SendOverhead::new(f.tcp.send_overhead_ms, sc.seed, &f.id),
                }
            })
            .collect();
        let mut flows = flows;
        // M11: every flow's true Tp — the handshake's round trip through empty queues (the
        // smallest RTT sample the flow can take), rounded like its RTT samples.
        for (i, (f, spec)) in flows.iter_mut().zip(&sc.flows).enumerate() {
            let (data, ack) = net.flow_routes[i];
            let lat = |route: u32, bytes: u32| -> f64 {
                net.routes[route as usize]
                    .iter()
                    .map(|&c| net.channels[c as usize].empty_latency_s(bytes))
                    .sum()
            };
            let t = &spec.tcp;
            let base = lat(data, t.ack_packet_bytes()) + lat(ack, t.ack_packet_bytes());
            f.sender.threshold.tp_true_s = Some(crate::metrics::threshold::round_to_tick(
                base,
                t.rtt_tick_ms,
            ));
        }
        if let Some(end) = crate::metrics::bursts::burst_end(&sc.topology) {
            for f in &mut flows {
                f.receiver.watch_from = Some(end);
            }
        }
        if sc.observe.trace && mode == RunMode::Full {
            // The run's trace cap, shared among its flows.
            let each = (crate::limits::MAX_TRACE_EVENTS / flows.len().max(1) as u64).max(1);
            for f in &mut flows {
                f.sender.trace = Some(crate::tcp::trace::Trace::new(each));
            }
        }
        let mut events = Calendar::with_capacity(1024);
        for (i, f) in flows.iter().enumerate() {
            events.schedule(f.start, Event::FlowStart { flow: i as u32 });
        }
        for (i, f) in sc.flows.iter().enumerate() {
            if let Some(s) = f.stop_s {
                events.schedule(
                    SimTime::from_secs_f64(s),
                    Event::FlowStop { flow: i as u32 },
                );
            }
        }
        if let Some((from, to)) = sc.observe.window {
            events.schedule(SimTime::from_secs_f64(from), Event::WindowMark { edge: 0 });
            events.schedule(SimTime::from_secs_f64(to), Event::WindowMark { edge: 1 });
        }
        let mut cross: Vec<CrossSource> = sc
            .cross_traffic
            .iter()
            .zip(&net.cross_routes)
            .map(|(c, &route)| CrossSource::new(c, route, sc.seed))
            .collect();
        for (i, c) in cross.iter_mut().enumerate() {
            if let Some(t) = c.first() {
                events.schedule(t, Event::CrossSend { src: i as u32 });
            }
        }
        events.schedule(SimTime::ZERO, Event::Sample);
        let metrics = match mode {
            RunMode::Full => Metrics::new(
                &flows,
                &net,
                sc.observe.throughput_window_ms.max(sc.observe.sample_ms),
            ),
            RunMode::SummaryOnly => Metrics::none(),
        };
        let series = metrics.names().len();
        Simulation {
            stop_at: SimTime::from_secs_f64(sc.stop.time_s),
            stop_when_done: sc.stop.when_transfers_done
                && sc
                    .flows
                    .iter()
                    .all(|f| f.bytes.is_some() || f.stop_s.is_some()),
            now: SimTime::ZERO,
            end: None,
            events,
            pool: PacketPool::default(),
            net,
            flows,
            cross,
            out: Vec::with_capacity(64),
            metrics,
            sample_every: SimDuration::from_millis_f64(sc.observe.sample_ms),
            events_done: 0,
            flows_done: 0,
            mode,
            window_marks: [Vec::new(), Vec::new()],
            path: None,
            waiting_for_code: custom::needs_code(&sc),
            fault: None,
            failed: None,
            limits,
            samples_held: 0,
            max_samples: limits.max_samples(series),
            scenario: sc,
        }
    }

    /// What this run records.
    pub fn mode(&self) -> RunMode {
        self.mode
    }

    /// Every flow's in-order delivered bytes at `observe.window`'s start (`edge` 0) and end (1),
    /// once the run has passed that instant; `None` before, or without a window.
    pub fn window_mark(&self, edge: usize) -> Option<&[u64]> {
        self.window_marks
            .get(edge)
            .filter(|m| !m.is_empty() || self.flows.is_empty())
            .map(|m| m.as_slice())
    }

    /// Current simulated time.
    pub fn now(&self) -> SimTime {
        self.now
    }
    /// The scenario's time limit.
    pub fn stop_at(&self) -> SimTime {
        self.stop_at
    }
    /// The validated scenario.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }
    /// Events processed so far.
    pub fn events_done(&self) -> u64 {
        self.events_done
    }
    /// True once the run is over.
    pub fn is_finished(&self) -> bool {
        self.end.is_some()
    }

    /// Whether the scenario names [`custom::ID`] and no code is attached yet.
    pub fn waits_for_code(&self) -> bool {
        self.waiting_for_code
    }

    /// Put the code of one's own into every flow whose scenario names [`custom::ID`], one new
    /// instance each from `code`, before the run starts (afterwards it is refused: the code would
    /// miss what came before). Without it, a run whose scenario names the id does not start.
    pub fn attach_custom(&mut self, code: &mut dyn custom::CustomCode) -> Result<(), String> {
        if self.events_done > 0 {
            return Err("code of one's own is attached before the run starts".into());
        }
        let fault = custom::Fault::default();
        let mut any = false;
        let seed = self.scenario.seed;
        for f in &mut self.flows {
            any |= f.sender.attach_custom(&f.id, seed, code, &fault)?;
        }
        self.fault = any.then_some(fault);
        self.waiting_for_code = false;
        Ok(())
    }

    /// Run until simulated time `until` (or the end), processing at most `max_events` events.
    pub fn run_until(&mut self, until: SimTime, max_events: u64) -> Result<RunStatus, String> {
        if self.waiting_for_code {
            return Err(custom::waiting_message(&self.scenario));
        }
        if let Some(m) = &self.failed {
            return Err(m.clone());
        }
        let limit = until.min(self.stop_at);
        let mut budget = max_events;
        while self.end.is_none() {
            let Some(t) = self.events.peek_time() else {
                self.finish(self.stop_at);
                break;
            };
            if t > self.stop_at {
                self.finish(self.stop_at);
                break;
            }
            if t > limit {
                self.now = limit;
                return Ok(RunStatus::Paused);
            }
            if budget == 0 {
                return Ok(RunStatus::BudgetSpent);
            }
            budget -= 1;
            let (t, ev) = self.events.pop().expect("peeked");
            debug_assert!(t >= self.now, "time went backwards");
            self.now = t;
            self.dispatch(ev);
            self.events_done += 1;
            if self.events_done >= self.limits.events {
                return Err(self.limits.events_message());
            }
            if self.samples_held > self.max_samples {
                return Err(self.limits.memory_message(self.now.as_secs_f64()));
            }
            if let Some(m) = self.fault.as_ref().and_then(custom::Fault::take) {
                self.failed = Some(m.clone());
                return Err(m);
            }
        }
        Ok(RunStatus::Finished)
    }

    /// Run to the end.
    pub fn run(&mut self) -> Result<(), String> {
        self.run_until(SimTime::NEVER, u64::MAX).map(|_| ())
    }

    fn finish(&mut self, at: SimTime) {
        self.now = at.max(self.now);
        self.end = Some(self.now);
        if self.mode == RunMode::Full {
            self.metrics
                .sample(self.now, &self.flows, &mut self.net, true);
        }
    }

    fn dispatch(&mut self, ev: Event) {
        match ev {
            Event::Arrive { pkt } => self.on_arrive(pkt),
            Event::Timer {
                flow,
                kind,
                generation,
            } => {
                let f = &mut self.flows[flow as usize];
                let now = self.now;
                match kind {
                    event::TimerKind::Rto => {
                        if f.sender.timer.fire(generation, now) {
                            f.sender.on_timeout(now, &mut self.out);
                        }
                    }
                    event::TimerKind::Pace => {
                        if f.sender.pace_timer.fire(generation, now) {
                            f.sender.on_pace_timer(now, &mut self.out);
                        }
                    }
                    event::TimerKind::DelayedAck => {
                        if f.receiver.timer.fire(generation, now) {
                            f.receiver.on_timeout(now, &mut self.out);
                        }
                    }
                }
                self.flush(flow);
            }
            Event::FlowStart { flow } => {
                self.flows[flow as usize]
                    .sender
                    .start(self.now, &mut self.out);
                self.flush(flow);
            }
            Event::FlowStop { flow } => {
                let now = self.now;
                let f = &mut self.flows[flow as usize];
                let end = f.sender.stop_new_data();
                let was_done = f.receiver.completed_at.is_some();
                f.receiver.set_total(end, now);
                if !was_done && f.receiver.completed_at.is_some() {
                    self.flows_done += 1;
                }
                self.flush(flow);
                if self.stop_when_done && self.flows_done == self.flows.len() {
                    self.finish(now);
                }
            }
            Event::WindowMark { edge } => {
                self.window_marks[edge as usize] =
                    self.flows.iter().map(|f| f.receiver.delivered()).collect();
            }
            Event::Release { pkt } => self.forward(pkt),
            Event::CrossSend { src } => self.on_cross_send(src),
            Event::Sample => {
                if self.mode == RunMode::Full {
                    self.samples_held += 1;
                    self.metrics
                        .sample(self.now, &self.flows, &mut self.net, false);
                }
                self.events
                    .schedule(self.now + self.sample_every, Event::Sample);
            }
        }
    }

    /// Inject the packets a flow produced and schedule the timers it (re)armed.
    fn flush(&mut self, flow: u32) {
        let f = &mut self.flows[flow as usize];
        if let Some((at, generation)) = f.sender.timer.take_request() {
            self.events.schedule(
                at,
                Event::Timer {
                    flow,
                    kind: TimerKind::Rto,
                    generation,
                },
            );
        }
        if let Some((at, generation)) = f.receiver.timer.take_request() {
            self.events.schedule(
                at,
                Event::Timer {
                    flow,
                    kind: TimerKind::DelayedAck,
                    generation,
                },
            );
        }
        if let Some((at, generation)) = f.sender.pace_timer.take_request() {
            self.events.schedule(
                at,
                Event::Timer {
                    flow,
                    kind: TimerKind::Pace,
                    generation,
                },
            );
        }
        let mut out = std::mem::take(&mut self.out);
        let host_overhead = self.flows[flow as usize].overhead.is_some();
        for p in &out {
            // Copied once, from the buffer straight into its pool slot.
            let idx = self.pool.insert(p);
            // The sending host holds its data segments and SYNs back (`tcp/send_overhead.rs`).
            if host_overhead && matches!(p.kind, PacketKind::Data | PacketKind::Syn) {
                if let Some(o) = &mut self.flows[flow as usize].overhead {
                    let at = o.release(self.now);
                    self.events.schedule(at, Event::Release { pkt: idx });
                    continue;
                }
            }
            self.forward(idx);
        }
        out.clear();
        self.out = out; // keep the buffer's capacity: no allocation per packet
    }

    /// Offer packet `idx` to the channel of its current hop.
    fn forward(&mut self, idx: u32) {
        let now = self.now;
        let p = self.pool.get_mut(idx);
        let route = &self.net.routes[p.route as usize];
        let ch = route[p.hop as usize] as usize;
        // Read only for the path trace (the link's last departure before this offer).
        let before = match self.path {
            Some(_) => self.net.channels[ch].last_depart(),
            None => SimTime::ZERO,
        };
        let offer = self.net.channels[ch].offer(now, p.size_bytes, p.kind);
        if let Some(pt) = &mut self.path {
            let chan = &self.net.channels[ch];
            pt.on_offer(now, idx, p, ch as u32, route.len(), chan, before, offer);
        }
        match offer {
            Offer::Dropped(cause) => {
                if p.kind == PacketKind::Udp {
                    let s = &mut self.cross[p.flow as usize].stats;
                    match cause {
                        Cause::QueueOverflow => s.drops_queue += 1,
                        _ => s.drops_aqm += 1,
                    }
                } else {
                    record_loss(&mut self.flows, now, p, cause);
                }
                self.pool.discard(idx);
            }
            Offer::Scheduled { arrival, hit, mark } => {
                if hit != Hit::None && p.hit != Hit::Lost {
                    p.hit = if p.hit == Hit::None || hit == Hit::Lost {
                        hit
                    } else {
                        p.hit
                    };
                }
                p.cw_mark |= mark;
                self.events.schedule_arrival(ch as u32, arrival, idx);
            }
        }
    }

    fn on_arrive(&mut self, idx: u32) {
        let p = self.pool.get(idx);
        let (kind, hit, hop, route, flow) = (p.kind, p.hit, p.hop, p.route, p.flow);
        if kind == PacketKind::Udp {
            return self.on_udp_arrive(idx);
        }
        if hit != Hit::Lost && (hop as usize) + 1 < self.net.routes[route as usize].len() {
            self.pool.get_mut(idx).hop += 1;
            return self.forward(idx);
        }
        let now = self.now;
        // Borrow the packet in place (no copy): the pool, the flows and the out-buffer are
        // disjoint fields.
        let p = self.pool.get(idx);
        let cause = match hit {
            Hit::None => None,
            Hit::Lost => Some(Cause::WirelessLoss),
            // Checksum failure at the receiving host: discarded (header hits are unattributable).
            Hit::Header => Some(Cause::HeaderCorruption),
            Hit::Payload => Some(Cause::PayloadCorruption),
        };
        if let Some(cause) = cause {
            if hit == Hit::Payload && kind == PacketKind::Data {
                // The checksum fails but the flow is identifiable: an LD receiver notes it.
                self.flows[flow as usize].receiver.on_corrupted(p);
            }
            record_loss(&mut self.flows, now, p, cause);
            self.pool.discard(idx);
            return;
        }
        let f = &mut self.flows[flow as usize];
        let was_done = f.receiver.completed_at.is_some();
        match kind {
            PacketKind::Syn | PacketKind::Data => f.receiver.on_packet(now, p, &mut self.out),
            PacketKind::SynAck | PacketKind::Ack => f.sender.on_packet(now, p, &mut self.out),
            PacketKind::Udp => {}
        }
        if !was_done && f.receiver.completed_at.is_some() {
            self.flows_done += 1;
        }
        self.pool.deliver(idx);
        self.flush(flow);
        // Only a packet of a flow can complete it, so counting completions here is exact (a scan
        // of every flow per packet made runs with many finite flows quadratic).
        if self.stop_when_done && self.flows_done == self.flows.len() {
            self.finish(now);
        }
    }

    /// Cross-traffic source `src` emits one datagram and schedules the next.
    fn on_cross_send(&mut self, src: u32) {
        let s = &mut self.cross[src as usize];
        s.stats.sent += 1;
        let p = Packet::new(PacketKind::Udp, src, s.route, s.size_bytes);
        if let Some(next) = s.next_after(self.now) {
            self.events.schedule(next, Event::CrossSend { src });
        }
        let idx = self.pool.insert(&p);
        self.forward(idx);
    }

    /// A cross-traffic datagram reaches the end of a hop: lost, forwarded, or delivered.
    fn on_udp_arrive(&mut self, idx: u32) {
        let p = self.pool.get(idx);
        let (flow, hit, hop, route, size_bytes) = (p.flow, p.hit, p.hop, p.route, p.size_bytes);
        let s = &mut self.cross[flow as usize].stats;
        if hit == Hit::Lost {
            self.pool.discard(idx);
            s.lost += 1;
            return;
        }
        if (hop as usize) + 1 < self.net.routes[route as usize].len() {
            self.pool.get_mut(idx).hop += 1;
            return self.forward(idx);
        }
        if hit == Hit::None {
            self.pool.deliver(idx);
        } else {
            self.pool.discard(idx); // fails its checksum at the destination
        }
        if hit == Hit::None {
            s.delivered += 1;
            s.bytes_delivered += size_bytes as u64;
        } else {
            s.corrupted += 1;
        }
    }

    /// Packet conservation counters: injected = delivered + dropped + in flight.
    pub fn ledger(&self) -> crate::packet::Ledger {
        self.pool.ledger()
    }

    /// Counters of every link direction, by entity name (`bottleneck`, `wireless.reverse`, …).
    pub fn link_stats(&self) -> Vec<(String, ChannelStats)> {
        self.net
            .channels
            .iter()
            .map(|c| (c.name.clone(), c.stats))
            .collect()
    }

    /// Counters of every cross-traffic source, by source id.
    pub fn cross_stats(&self) -> Vec<(String, CrossStats)> {
        self.cross.iter().map(|s| (s.id.clone(), s.stats)).collect()
    }

    /// Trace events since the last call, in time order (empty unless `observe.trace`).
    pub fn take_trace(&mut self) -> Vec<crate::tcp::trace::TraceEvent> {
        let mut all = Vec::new();
        for f in &mut self.flows {
            if let Some(t) = &mut f.sender.trace {
                all.append(&mut t.events);
            }
        }
        all.sort_by(|a, b| a.t_ms.total_cmp(&b.t_ms));
        all
    }

    /// Trace events left out because the run's trace reached its cap
    /// ([`crate::limits::MAX_TRACE_EVENTS`]); 0 when the whole trace was recorded.
    pub fn trace_dropped(&self) -> u64 {
        self.flows
            .iter()
            .filter_map(|f| f.sender.trace.as_ref())
            .map(|t| t.dropped)
            .sum()
    }

    /// New series points since the last call, as flat triplets `[series, t_ms, value, …]`.
    pub fn take_points(&mut self) -> Vec<f64> {
        self.samples_held = 0;
        self.metrics.take_points()
    }
    /// Series names: (entity, metric), index = series id in the points.
    pub fn series_names(&self) -> &[(String, &'static str)] {
        self.metrics.names()
    }

    /// Per-flow results so far (final once the run is finished).
    pub fn summary(&self) -> Summary {
        let end = self.end.unwrap_or(self.now);
        let flows = self.flows.iter().map(|f| FlowSummary::of(f, end)).collect();
        let mut s = Summary::new(
            self.scenario.id.clone(),
            self.scenario.seed,
            end,
            self.events_done,
            flows,
        );
        let outcomes: Vec<_> = s.flows.iter().map(FlowSummary::outcome).collect();
        s.notices = crate::notices::phase_locked(&self.scenario.flows, &outcomes);
        s
    }
}

/// Charge a lost packet to its flow and tell the sender its true cause (metrics only).
fn record_loss(flows: &mut [Flow], now: SimTime, p: &Packet, cause: Cause) {
    let Some(f) = flows.get_mut(p.flow as usize) else {
        return;
    };
    if p.kind == PacketKind::Data {
        f.sender.record_loss(now, p.seq, p.ts_val, cause);
        if cause.is_congestion() {
            f.losses_queue += 1;
        } else {
            f.losses_corruption += 1;
        }
    } else {
        f.losses_other += 1;
    }
}
