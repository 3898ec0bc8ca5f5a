// LossLab crosscheck harness: one LossLab dumbbell scenario rebuilt in ns-3.44, one seed per run.
//
// Topology (the LossLab dumbbell, sim-model/src/net/mod.rs: data crosses `access` then `bottleneck`,
// ACKs come back over `bottleneck.reverse` then `access.reverse`):
//
//   S (N BulkSendApplications) —access— R —bottleneck— D (N PacketSinks)
//
// Every link is a PointToPointNetDevice pair (2-byte PPP header on the wire, like LossLab's
// `framing_bytes: 2`). Queues: ns-3 stacks a traffic-control qdisc (FqCoDel by default, installed
// by Ipv4AddressHelper::Assign) over each device's DropTailQueue. We remove every qdisc
// (TrafficControlHelper::Uninstall) so each direction has exactly one FIFO, the device queue,
// sized in packets (`--queue`, the packet in transmission is not in it: PointToPointNetDevice
// dequeues before TransmitStart, as LossLab's `counts_in_service: false`). For RED the bottleneck
// gets a RedQueueDisc of `queue − 1` packets over a 1-packet device queue: with flow control the
// device holds one waiting packet, the qdisc the rest, so at most `queue` packets wait in all.
//
// Errors: a RateErrorModel (ERROR_UNIT_BIT: P = 1 − (1 − BER)^(8·size), size including the PPP
// header; or ERROR_UNIT_PACKET) as the receive error model of D's bottleneck device: the data
// direction only, judged after the packet crossed the link.
//
// Output: one JSON object on stdout: per flow the bytes delivered to the sink, goodput in kbit/s
// (bytes × 8 / duration), retransmitted segments, fast recoveries (entries into CA_RECOVERY) and
// timeouts (entries into CA_LOSS). `--cwndTrace=f.csv` writes every flow's cwnd on every change
// (time_s,flow,cwnd_bytes,ssthresh_bytes).
//
// `--events=f.csv` writes what the mechanism checks of docs/fidelity.md trace, one row per event
// (time_s,flow,event,a,b): `cwnd` (a = cwnd bytes, b = bytes in flight), `state` (a = the
// TcpCongState entered: 0 open, 1 disorder, 2 cwr, 3 recovery, 4 loss), `pacing` (a = pacing rate,
// bit/s), `bbr` (a TcpBbr flow's mode or gains changed: a = BbrMode_t, 0 startup, 1 drain, 2
// probe_bw, 3 probe_rtt; b = pacing gain), `retx` (a = sequence number resent), `drop` (a
// segment of the flow dropped at the bottleneck queue, RED included; a = its sequence number),
// `rtt` (the socket's latest RTT sample changed, the one TcpBbr's RTprop filter reads on every
// ACK; a = seconds), `min_rtt` (a TcpBbr flow's RTprop changed; a = seconds), and for TcpBbr
// flows each valid delivery-rate sample: `rate` (a = bytes delivered over the sample, b = its
// interval in seconds) followed by `rate_elapsed` (a = its send phase, b = its ACK phase, s) and
// `rate_prior` (a = the delivered count and b = the time, s, recorded when the sample's packet was
// sent), and `delivered` (the connection's delivered count changed: a = bytes, b = when, s).
//
// Mixed variants (LossLab scenarios with several flow groups): `--variants=A,B,…` gives each flow
// its own TcpCongestionOps (one name per flow, overriding `--variant` and `--flows`) and
// `--starts=s0,s1,…` each flow's start time in seconds (LossLab `flows[].start_s`). ns-3 builds
// every socket with TcpL4Protocol::SocketType; one microsecond after its application started (the
// SYN is out, no data yet) the harness replaces that socket's congestion control with a fresh
// object of the flow's type (TcpSocketBase::SetCongestionControlAlgorithm, which calls its Init, so
// TcpBbr turns pacing on for its own socket only).
//
// Finite transfers (`--maxBytes=N`, LossLab `flows[].bytes` with `stop.when_transfers_done`, used by
// `npm run bench:ns3` for W1/W2): each BulkSend stops after N bytes (its MaxBytes) and the run stops
// as soon as every sink has received N bytes (or at `--duration`). The default 0 keeps the bulk
// flows of the crosscheck grid. `--timing` adds one JSON line on stderr with the wall time of
// Simulator::Run() alone (steady clock), its CPU time (std::clock), the simulated seconds and
// ns-3's event count; stdout is the same with or without it.
//
// Build: web/scripts/crosscheck.mjs (shared with bench-ns3.mjs through sim-core/crosscheck/build.mjs) (g++ -O2 against the ns3 PyPI wheel's headers and libraries,
// rpath to its lib64/), only when this file or the flags changed; see sim-core/crosscheck/README.md.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

struct FlowStats
{
    uint64_t retx = 0;
    uint64_t recoveries = 0;
    uint64_t timeouts = 0;
};

std::vector<FlowStats> g_stats;
std::vector<Ptr<PacketSink>> g_sinks;
uint64_t g_maxBytes = 0; // per flow; 0 = bulk
uint32_t g_flowsDone = 0;

/// Stop the run once every finite transfer is delivered (`--maxBytes`).
void
OnSinkRx(Ptr<const Packet>, const Address&)
{
    uint32_t done = 0;
    for (const auto& s : g_sinks)
    {
        done += s->GetTotalRx() >= g_maxBytes ? 1 : 0;
    }
    if (done == g_sinks.size() && g_flowsDone < done)
    {
        g_flowsDone = done;
        Simulator::Stop();
    }
}
std::ofstream g_cwnd;
std::vector<uint32_t> g_ssthresh;

// --events: the file, each flow's bytes in flight, its TcpBbr (if any) and last BBR mode and gain.
std::ofstream g_events;
std::vector<uint32_t> g_inflight;
std::vector<Ptr<TcpBbr>> g_bbr;
std::vector<std::pair<uint32_t, double>> g_bbrLast;

void
Event(uint32_t i, const char* what, double a, double b = 0)
{
    g_events << Simulator::Now().GetSeconds() << "," << i << "," << what << "," << a << "," << b
             << "\n";
}

/// A TcpBbr flow's mode and pacing gain, written when either changed since the last look.
void
PollBbr(uint32_t i)
{
    if (!g_bbr[i])
    {
        return;
    }
    std::pair<uint32_t, double> now{g_bbr[i]->GetBbrState(), g_bbr[i]->GetPacingGain()};
    if (now != g_bbrLast[i])
    {
        g_bbrLast[i] = now;
        Event(i, "bbr", now.first, now.second);
    }
}

void
OnEventCwnd(uint32_t i, uint32_t, uint32_t cwnd)
{
    Event(i, "cwnd", cwnd, g_inflight[i]);
    PollBbr(i);
}

void
OnEventInflight(uint32_t i, uint32_t, uint32_t inflight)
{
    g_inflight[i] = inflight;
}

void
OnEventState(uint32_t i, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t next)
{
    Event(i, "state", next);
    PollBbr(i);
}

void
OnEventPacing(uint32_t i, DataRate, DataRate rate)
{
    Event(i, "pacing", rate.GetBitRate());
    PollBbr(i);
}

void
OnEventLastRtt(uint32_t i, Time, Time rtt)
{
    Event(i, "rtt", rtt.GetSeconds());
}

void
OnEventMinRtt(uint32_t i, Time, Time rtt)
{
    Event(i, "min_rtt", rtt.GetSeconds());
}

/// The socket's rate sampler (TcpRateOps), which TcpSocketBase keeps protected and exposes by
/// neither attribute nor getter: read through a pointer to the member, named from a derived class.
struct RateOpsOf : TcpSocketBase
{
    static Ptr<TcpRateOps> Get(TcpSocketBase* s)
    {
        return s->*(&RateOpsOf::m_rateOps);
    }
};

void
OnEventRateSample(uint32_t i, const TcpRateOps::TcpRateSample& rs)
{
    // TcpRateLinux also fires this trace from SkbDelivered, as each ACKed segment updates the
    // sample's prior state; a generated sample is the one whose interval is max(send, ACK phase).
    if (rs.m_delivered < 0 || rs.m_interval.IsZero() ||
        rs.m_interval != std::max(rs.m_sendElapsed, rs.m_ackElapsed))
    {
        return; // not a valid generated sample: TcpBbr ignores it too
    }
    Event(i, "rate", rs.m_delivered, rs.m_interval.GetSeconds());
    Event(i, "rate_elapsed", rs.m_sendElapsed.GetSeconds(), rs.m_ackElapsed.GetSeconds());
    Event(i, "rate_prior", rs.m_priorDelivered, rs.m_priorTime.GetSeconds());
}

void
OnEventDelivered(uint32_t i, const TcpRateOps::TcpRateConnection& rate)
{
    Event(i, "delivered", rate.m_delivered, rate.m_deliveredTime.GetSeconds());
}

void
OnEventRetx(uint32_t i,
            Ptr<const Packet>,
            const TcpHeader& h,
            const Address&,
            const Address&,
            Ptr<const TcpSocketBase>)
{
    Event(i, "retx", h.GetSequenceNumber().GetValue());
}

/// The flow (destination port 5000 + i) and sequence number of a TCP data segment, its PPP and
/// IPv4 headers removed if present; false for anything else (an ACK, another port).
bool
FlowOf(Ptr<const Packet> p, uint32_t& flow, uint32_t& seq)
{
    Ptr<Packet> c = p->Copy();
    PppHeader ppp;
    if (c->GetSize() >= 2 && c->PeekHeader(ppp) == 2 && ppp.GetProtocol() == 0x0021) // IPv4 in PPP numbering
    {
        c->RemoveHeader(ppp);
    }
    Ipv4Header ip;
    if (c->PeekHeader(ip) && ip.GetProtocol() == 6 &&
        ip.GetPayloadSize() + ip.GetSerializedSize() == c->GetSize())
    {
        c->RemoveHeader(ip);
    }
    TcpHeader tcp;
    c->RemoveHeader(tcp);
    flow = tcp.GetDestinationPort() - 5000;
    seq = tcp.GetSequenceNumber().GetValue();
    return flow < g_inflight.size() && c->GetSize() > 0;
}

/// A drop-tail drop at the bottleneck. With no qdisc, ns-3's traffic-control layer discards
/// (without a trace) what it is given while the device's transmit queue is stopped, that is while
/// the device queue is full; a packet arriving at R is forwarded within the same event, so a
/// segment that reaches R's access device while the bottleneck's queue is stopped is dropped.
Ptr<NetDeviceQueue> g_bottleneckTxq;

void
OnArriveAtRouter(Ptr<const Packet> p)
{
    uint32_t flow;
    uint32_t seq;
    if (g_bottleneckTxq->IsStopped() && FlowOf(p, flow, seq))
    {
        Event(flow, "drop", seq);
    }
}

/// A RED qdisc's drop (early or forced).
void
OnRedDrop(Ptr<const QueueDiscItem> item)
{
    uint32_t flow;
    uint32_t seq;
    if (FlowOf(item->GetPacket(), flow, seq))
    {
        Event(flow, "drop", seq);
    }
}

void
OnRetransmission(uint32_t i,
                 Ptr<const Packet>,
                 const TcpHeader&,
                 const Address&,
                 const Address&,
                 Ptr<const TcpSocketBase>)
{
    g_stats[i].retx++;
}

void
OnCongState(uint32_t i, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t next)
{
    if (next == TcpSocketState::CA_RECOVERY)
    {
        g_stats[i].recoveries++;
    }
    else if (next == TcpSocketState::CA_LOSS)
    {
        g_stats[i].timeouts++;
    }
}

void
OnCwnd(uint32_t i, uint32_t, uint32_t cwnd)
{
    g_cwnd << Simulator::Now().GetSeconds() << "," << i << "," << cwnd << "," << g_ssthresh[i]
           << "\n";
}

void
OnSsthresh(uint32_t i, uint32_t, uint32_t ssthresh)
{
    g_ssthresh[i] = ssthresh;
}

/// Flow i's socket exists (its application started): give it its own congestion control (if
/// `variant` is not empty) and connect its traces.
void
SetupFlow(uint32_t i, Ptr<BulkSendApplication> app, std::string variant, bool cwndTrace)
{
    auto sock = DynamicCast<TcpSocketBase>(app->GetSocket());
    NS_ABORT_MSG_UNLESS(sock, "flow " << i << " has no TCP socket");
    Ptr<TcpCongestionOps> cc;
    if (!variant.empty())
    {
        ObjectFactory f;
        f.SetTypeId("ns3::" + variant);
        cc = f.Create<TcpCongestionOps>();
        sock->SetCongestionControlAlgorithm(cc);
    }
    if (g_events.is_open())
    {
        if (!cc)
        {
            PointerValue ops;
            sock->GetAttribute("CongestionOps", ops);
            cc = ops.Get<TcpCongestionOps>();
        }
        g_bbr[i] = DynamicCast<TcpBbr>(cc);
        bool ok = sock->TraceConnectWithoutContext("CongestionWindow",
                                                   MakeBoundCallback(&OnEventCwnd, i)) &&
                  sock->TraceConnectWithoutContext("BytesInFlight",
                                                   MakeBoundCallback(&OnEventInflight, i)) &&
                  sock->TraceConnectWithoutContext("CongState",
                                                   MakeBoundCallback(&OnEventState, i)) &&
                  sock->TraceConnectWithoutContext("PacingRate",
                                                   MakeBoundCallback(&OnEventPacing, i)) &&
                  sock->TraceConnectWithoutContext("Retransmission",
                                                   MakeBoundCallback(&OnEventRetx, i)) &&
                  sock->TraceConnectWithoutContext("LastRTT",
                                                   MakeBoundCallback(&OnEventLastRtt, i));
        if (g_bbr[i])
        {
            ok = ok &&
                 g_bbr[i]->TraceConnectWithoutContext("MinRtt",
                                                      MakeBoundCallback(&OnEventMinRtt, i)) &&
                 RateOpsOf::Get(PeekPointer(sock))
                     ->TraceConnectWithoutContext("TcpRateSampleUpdated",
                                                  MakeBoundCallback(&OnEventRateSample, i)) &&
                 RateOpsOf::Get(PeekPointer(sock))
                     ->TraceConnectWithoutContext("TcpRateUpdated",
                                                  MakeBoundCallback(&OnEventDelivered, i));
        }
        NS_ABORT_MSG_UNLESS(ok, "flow " << i << ": a trace source of --events is missing");
    }
    sock->TraceConnectWithoutContext("Retransmission", MakeBoundCallback(&OnRetransmission, i));
    sock->TraceConnectWithoutContext("CongState", MakeBoundCallback(&OnCongState, i));
    if (cwndTrace)
    {
        sock->TraceConnectWithoutContext("CongestionWindow", MakeBoundCallback(&OnCwnd, i));
        sock->TraceConnectWithoutContext("SlowStartThreshold", MakeBoundCallback(&OnSsthresh, i));
    }
}

/// "a,b,c" → {"a", "b", "c"} ("" → {}).
std::vector<std::string>
SplitList(const std::string& s)
{
    std::vector<std::string> out;
    std::string cur;
    std::istringstream in(s);
    while (std::getline(in, cur, ','))
    {
        out.push_back(cur);
    }
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    // Scenario (LossLab field in the comment).
    std::string variant = "TcpNewReno"; // flows[].tcp.cc
    uint32_t flows = 1;                 // flows[].count
    uint32_t run = 1;                   // seed
    double duration = 60;               // stop.time_s
    double rateBps = 10e6;              // topology.bottleneck.rate_bps
    double delayMs = 20;                // topology.bottleneck.delay_ms
    uint32_t queuePkts = 100;           // topology.bottleneck.queue.limit_pkts
    std::string queueKind = "drop_tail"; // topology.bottleneck.queue.kind
    double minTh = 0, maxTh = 0, maxP = 0.1, wq = 0.002; // RED fields
    bool gentle = false;
    uint32_t meanPkt = 1500;             // RED mean packet size (bytes)
    double accessBps = 100e6;            // topology.access.rate_bps
    double accessDelayMs = 0.1;          // topology.access.delay_ms
    uint32_t accessQueuePkts = 1000;     // topology.access.queue.limit_pkts
    std::string errorKind = "none";      // topology.bottleneck.errors.kind
    double errorRate = 0;                // .ber or .per
    // TCP (flows[].tcp.*).
    uint32_t mss = 1448;
    uint32_t iw = 10;
    uint32_t delAckCount = 2;
    double delAckTimeoutMs = 200;
    double minRtoMs = 1000;
    double clockGranularityMs = 1;
    bool sack = true;
    bool timestamps = true;
    bool limitedTransmit = true;
    uint32_t bufBytes = 131072;
    std::string recovery = "prr"; // ns-3's RecoveryType: prr (default) or classic
    std::string cwndTrace;
    std::string events; // --events file
    uint64_t maxBytes = 0; // flows[].bytes (0 = bulk)
    bool timing = false;
    std::string variantsList; // flows[].tcp.cc, one per flow (mixed scenarios)
    std::string startsList;   // flows[].start_s, one per flow

    CommandLine cmd(__FILE__);
    cmd.AddValue("variant", "TcpNewReno, TcpWestwoodPlus, TcpVeno, TcpCubic, TcpBbr", variant);
    cmd.AddValue("flows", "number of bulk flows", flows);
    cmd.AddValue("run", "RngSeedManager run number (the seed)", run);
    cmd.AddValue("duration", "seconds", duration);
    cmd.AddValue("rate", "bottleneck rate, bit/s", rateBps);
    cmd.AddValue("delay", "bottleneck one-way delay, ms", delayMs);
    cmd.AddValue("queue", "bottleneck queue limit, packets", queuePkts);
    cmd.AddValue("queueKind", "drop_tail or red", queueKind);
    cmd.AddValue("minTh", "RED min threshold, packets", minTh);
    cmd.AddValue("maxTh", "RED max threshold, packets", maxTh);
    cmd.AddValue("maxP", "RED max_p (LInterm = 1/max_p)", maxP);
    cmd.AddValue("wq", "RED queue weight", wq);
    cmd.AddValue("gentle", "RED gentle mode", gentle);
    cmd.AddValue("meanPkt", "RED mean packet size, bytes", meanPkt);
    cmd.AddValue("accessRate", "access rate, bit/s", accessBps);
    cmd.AddValue("accessDelay", "access one-way delay, ms", accessDelayMs);
    cmd.AddValue("accessQueue", "access queue limit, packets", accessQueuePkts);
    cmd.AddValue("errors", "none, bit_error or packet_error", errorKind);
    cmd.AddValue("errorRate", "BER or PER", errorRate);
    cmd.AddValue("mss", "TcpSocket::SegmentSize", mss);
    cmd.AddValue("iw", "TcpSocket::InitialCwnd (segments)", iw);
    cmd.AddValue("delAckCount", "TcpSocket::DelAckCount", delAckCount);
    cmd.AddValue("delAckTimeout", "TcpSocket::DelAckTimeout, ms", delAckTimeoutMs);
    cmd.AddValue("minRto", "TcpSocketBase::MinRto, ms", minRtoMs);
    cmd.AddValue("clockGranularity", "TcpSocketBase::ClockGranularity, ms", clockGranularityMs);
    cmd.AddValue("sack", "TcpSocketBase::Sack", sack);
    cmd.AddValue("timestamps", "TcpSocketBase::Timestamp", timestamps);
    cmd.AddValue("limitedTransmit", "TcpSocketBase::LimitedTransmit", limitedTransmit);
    cmd.AddValue("buf", "TcpSocket::SndBufSize and RcvBufSize, bytes", bufBytes);
    cmd.AddValue("recovery", "prr (TcpPrrRecovery) or classic (TcpClassicRecovery)", recovery);
    cmd.AddValue("cwndTrace", "CSV file for every flow's cwnd", cwndTrace);
    cmd.AddValue("events", "CSV file of every flow's cwnd, states, pacing, BBR mode, resends and drops", events);
    cmd.AddValue("maxBytes", "bytes per flow (BulkSend MaxBytes); stop when all are delivered; 0 = bulk", maxBytes);
    cmd.AddValue("timing", "print the wall time of Simulator::Run() as JSON on stderr", timing);
    cmd.AddValue("variants", "one congestion control per flow, comma-separated (overrides variant, flows)", variantsList);
    cmd.AddValue("starts", "each flow's start time in seconds, comma-separated", startsList);
    cmd.Parse(argc, argv);

    std::vector<std::string> variants = SplitList(variantsList);
    if (!variants.empty())
    {
        flows = variants.size();
    }
    std::vector<double> starts(flows, 0.0);
    {
        auto list = SplitList(startsList);
        NS_ABORT_MSG_UNLESS(list.empty() || list.size() == flows,
                            "--starts needs one time per flow (" << flows << ")");
        for (size_t i = 0; i < list.size(); i++)
        {
            starts[i] = std::stod(list[i]);
        }
    }

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);

    Config::SetDefault("ns3::TcpL4Protocol::SocketType",
                       TypeIdValue(TypeId::LookupByName("ns3::" + variant)));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                       TypeIdValue(TypeId::LookupByName(recovery == "classic"
                                                            ? "ns3::TcpClassicRecovery"
                                                            : "ns3::TcpPrrRecovery")));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(iw));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(delAckCount));
    Config::SetDefault("ns3::TcpSocket::DelAckTimeout", TimeValue(MilliSeconds(delAckTimeoutMs)));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(bufBytes));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(bufBytes));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(minRtoMs)));
    Config::SetDefault("ns3::TcpSocketBase::ClockGranularity",
                       TimeValue(MilliSeconds(clockGranularityMs)));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(sack));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(timestamps));
    Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(limitedTransmit));

    NodeContainer nodes;
    nodes.Create(3); // 0 = S, 1 = R, 2 = D
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(accessBps))));
    access.SetChannelAttribute("Delay", TimeValue(MicroSeconds(int64_t(accessDelayMs * 1000))));
    access.SetQueue("ns3::DropTailQueue<Packet>",
                    "MaxSize",
                    QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, accessQueuePkts)));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(rateBps))));
    bottleneck.SetChannelAttribute("Delay", TimeValue(MicroSeconds(int64_t(delayMs * 1000))));
    bool red = queueKind == "red";
    bottleneck.SetQueue("ns3::DropTailQueue<Packet>",
                        "MaxSize",
                        QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, red ? 1 : queuePkts)));
    NetDeviceContainer sr = access.Install(nodes.Get(0), nodes.Get(1));
    NetDeviceContainer rd = bottleneck.Install(nodes.Get(1), nodes.Get(2));

    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper addr;
    addr.SetBase("10.1.1.0", "255.255.255.0");
    addr.Assign(sr);
    addr.SetBase("10.1.2.0", "255.255.255.0");
    Ipv4InterfaceContainer rdIf = addr.Assign(rd);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    // One queue per direction: drop the default qdiscs; RED (if any) on R's bottleneck device.
    TrafficControlHelper tch;
    tch.Uninstall(sr);
    tch.Uninstall(rd);
    Ptr<QueueDisc> redQd;
    if (red)
    {
        TrafficControlHelper redHelper;
        redHelper.SetRootQueueDisc(
            "ns3::RedQueueDisc",
            "MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queuePkts - 1)),
            "MinTh", DoubleValue(minTh),
            "MaxTh", DoubleValue(maxTh),
            "LInterm", DoubleValue(1.0 / maxP),
            "QW", DoubleValue(wq),
            "Gentle", BooleanValue(gentle),
            "MeanPktSize", UintegerValue(meanPkt),
            "LinkBandwidth", DataRateValue(DataRate(uint64_t(rateBps))),
            "LinkDelay", TimeValue(MicroSeconds(int64_t(delayMs * 1000))));
        redQd = redHelper.Install(rd.Get(0)).Get(0);
    }

    if (errorKind != "none")
    {
        Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
        em->SetUnit(errorKind == "bit_error" ? RateErrorModel::ERROR_UNIT_BIT
                                             : RateErrorModel::ERROR_UNIT_PACKET);
        em->SetRate(errorRate);
        rd.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(em));
    }

    g_stats.assign(flows, FlowStats{});
    g_ssthresh.assign(flows, 0);
    g_inflight.assign(flows, 0);
    g_bbr.assign(flows, nullptr);
    g_bbrLast.assign(flows, {99, 0.0});
    if (!events.empty())
    {
        g_events.open(events);
        g_events << "time_s,flow,event,a,b\n";
        if (redQd)
        {
            redQd->TraceConnectWithoutContext("Drop", MakeCallback(&OnRedDrop));
        }
        else
        {
            g_bottleneckTxq = rd.Get(0)->GetObject<NetDeviceQueueInterface>()->GetTxQueue(0);
            sr.Get(1)->TraceConnectWithoutContext("MacRx", MakeCallback(&OnArriveAtRouter));
        }
    }
    g_maxBytes = maxBytes;
    std::vector<Ptr<PacketSink>>& sinks = g_sinks;
    for (uint32_t i = 0; i < flows; i++)
    {
        uint16_t port = 5000 + i;
        BulkSendHelper src("ns3::TcpSocketFactory",
                           InetSocketAddress(rdIf.GetAddress(1), port));
        src.SetAttribute("MaxBytes", UintegerValue(maxBytes));
        src.SetAttribute("SendSize", UintegerValue(mss));
        ApplicationContainer a = src.Install(nodes.Get(0));
        a.Start(Seconds(starts[i]));
        a.Stop(Seconds(duration));
        // The socket exists once the application started; the first data leaves after the
        // handshake, one RTT later.
        Simulator::Schedule(Seconds(starts[i]) + MicroSeconds(1),
                            &SetupFlow,
                            i,
                            DynamicCast<BulkSendApplication>(a.Get(0)),
                            variants.empty() ? std::string() : variants[i],
                            !cwndTrace.empty());
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer s = sink.Install(nodes.Get(2));
        s.Start(Seconds(0));
        s.Stop(Seconds(duration));
        sinks.push_back(DynamicCast<PacketSink>(s.Get(0)));
        if (maxBytes > 0)
        {
            sinks.back()->TraceConnectWithoutContext("Rx", MakeCallback(&OnSinkRx));
        }
    }
    if (!cwndTrace.empty())
    {
        g_cwnd.open(cwndTrace);
        g_cwnd << "time_s,flow,cwnd_bytes,ssthresh_bytes\n";
    }

    Simulator::Stop(Seconds(duration));
    auto wall0 = std::chrono::steady_clock::now();
    std::clock_t cpu0 = std::clock();
    Simulator::Run();
    std::clock_t cpu1 = std::clock();
    auto wall1 = std::chrono::steady_clock::now();
    if (timing)
    {
        std::fprintf(stderr,
                     "{\"run_wall_s\": %.6f, \"run_cpu_s\": %.6f, \"simulated_s\": %.6f, "
                     "\"events\": %llu}\n",
                     std::chrono::duration<double>(wall1 - wall0).count(),
                     double(cpu1 - cpu0) / CLOCKS_PER_SEC,
                     Simulator::Now().GetSeconds(),
                     static_cast<unsigned long long>(Simulator::GetEventCount()));
    }

    std::printf("{\"run\": %u, \"flows\": [", run);
    for (uint32_t i = 0; i < flows; i++)
    {
        uint64_t rx = sinks[i]->GetTotalRx();
        std::printf("%s{\"bytes\": %llu, \"goodput_kbps\": %.6f, \"retransmissions\": %llu, "
                    "\"fast_recoveries\": %llu, \"timeouts\": %llu}",
                    i ? ", " : "",
                    static_cast<unsigned long long>(rx),
                    rx * 8.0 / duration / 1000.0,
                    static_cast<unsigned long long>(g_stats[i].retx),
                    static_cast<unsigned long long>(g_stats[i].recoveries),
                    static_cast<unsigned long long>(g_stats[i].timeouts));
    }
    std::printf("]}\n");
    if (g_events.is_open())
    {
        // What left S and what reached the bottleneck's queue, to check the drop rows against.
        std::fprintf(stderr,
                     "{\"access_enqueued\": %u, \"bottleneck_enqueued\": %u, "
                     "\"bottleneck_queue_drops\": %u, \"red_drops\": %u}\n",
                     DynamicCast<PointToPointNetDevice>(sr.Get(0))->GetQueue()->GetTotalReceivedPackets(),
                     DynamicCast<PointToPointNetDevice>(rd.Get(0))->GetQueue()->GetTotalReceivedPackets(),
                     DynamicCast<PointToPointNetDevice>(rd.Get(0))->GetQueue()->GetTotalDroppedPackets(),
                     redQd ? redQd->GetStats().nTotalDroppedPackets : 0);
    }
    g_sinks.clear();
    Simulator::Destroy();
    return 0;
}
