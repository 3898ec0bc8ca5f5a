"""`losslab.run(scenario, classifier=…, cc=…)`: code of one's own in Python, through the same Rust
adapter as the browser's. A classifier that always answers congestion equals the built-in
``always_congestion`` (summary and confusion matrix); a NewReno written against the interface
equals the built-in NewReno byte for byte; errors name the method, the flow, the time and the line."""

import json

import pytest

import losslab

GB04 = "gb04-s1-1mbps-10ms"


def doc(sid=GB04):
    return losslab.scenarios.load(sid)


class AlwaysCongestion:
    def __init__(self):
        self.acks = 0

    def on_ack(self, ack):
        self.acks += 1

    def on_loss(self, loss):
        return "congestion"


class NewReno:
    """RFC 5681 / RFC 6582 window rules with packet counting; the sender keeps recovery."""

    def on_ack(self, ack, window):
        if window.cwnd_bytes < window.ssthresh_bytes:
            grow = window.mss_bytes
        else:
            grow = window.mss_bytes * window.mss_bytes / window.cwnd_bytes
        return {"cwnd_bytes": window.cwnd_bytes + grow}

    def on_loss(self, loss, verdict):
        if verdict == "wireless":
            return None
        half = max(loss.flight_bytes / 2, 2 * loss.mss_bytes)
        return {"cwnd_bytes": half, "ssthresh_bytes": half}

    def on_timeout(self, loss):
        if loss.repeated_timeout:
            ssthresh = loss.ssthresh_bytes
        else:
            ssthresh = max(loss.flight_bytes / 2, 2 * loss.mss_bytes)
        return {"cwnd_bytes": loss.mss_bytes, "ssthresh_bytes": ssthresh}


def with_shadows(d, ids):
    d = json.loads(json.dumps(d))
    d["observe"]["shadow_classifiers"] = ids
    return d


def test_a_classifier_always_answering_congestion_equals_the_built_in_shadow():
    base = doc()
    theirs = losslab.run(with_shadows(base, ["oracle", "always_congestion"]))
    # Not named in the scenario: it judges beside the others, as the shadow "custom".
    ours = losslab.run(with_shadows(base, ["oracle"]), classifier=AlwaysCongestion)
    a = json.dumps(ours.summary_json).replace('"custom"', '"always_congestion"')
    assert a == json.dumps(theirs.summary_json)
    shadows = ours.summary_json["flows"][0]["shadows"]
    assert [s["classifier"] for s in shadows] == ["oracle", "custom"]
    assert sum(shadows[1]["confusion"].values()) > 5, "losses were judged"
    assert ours.summary_csv == theirs.summary_csv


def test_new_reno_in_python_equals_the_built_in_byte_for_byte():
    base = doc()
    theirs = losslab.run(base)
    ours = losslab.run(base, set={"flows[0].tcp.cc": "custom"}, cc=NewReno)
    assert ours.summary_csv.replace(",custom,", ",new_reno,") == theirs.summary_csv
    assert ours.series_csv == theirs.series_csv
    assert theirs.summary_json["flows"][0]["fast_retransmits"] > 3


def test_one_object_serves_one_flow_and_a_class_serves_every_flow():
    five = doc("gb04-s1-1mbps-10ms-5flows")
    made = []

    class Counted(AlwaysCongestion):
        def __init__(self):
            super().__init__()
            made.append(self)

    losslab.run(five, set={"flows[0].tcp.classifier": "custom"}, classifier=Counted)
    assert len(made) == 5 and all(c.acks > 0 for c in made)
    with pytest.raises(losslab.CodeError, match="more than one flow"):
        losslab.run(five, set={"flows[0].tcp.classifier": "custom"}, classifier=AlwaysCongestion())


def test_an_exception_names_method_flow_time_and_line_and_is_the_cause():
    class Broken(AlwaysCongestion):
        def on_loss(self, loss):
            return {}["missing"]  # the line the message names

    with pytest.raises(losslab.CodeError) as e:
        losslab.run(doc(), classifier=Broken)
    msg = str(e.value)
    assert msg.startswith('your classifier (flow "tcp", on_loss, at '), msg
    assert "KeyError: 'missing' (line " in msg and "test_custom_code.py)" in msg, msg
    assert isinstance(e.value.__cause__, KeyError)


def test_answers_the_sender_cannot_take_are_refused_with_the_limit():
    class Shrinks(NewReno):
        def on_ack(self, ack, window):
            return {"cwnd_bytes": 10}

    with pytest.raises(losslab.CodeError, match=r"cwnd_bytes must be at least one segment \(1448 bytes\); got 10"):
        losslab.run(doc(), set={"flows[0].tcp.cc": "custom"}, cc=Shrinks)

    class Says(AlwaysCongestion):
        def on_loss(self, loss):
            return "maybe"

    with pytest.raises(losslab.CodeError, match='on_loss must return "congestion" or "wireless" \\(got maybe\\)'):
        losslab.run(doc(), classifier=Says)


def test_custom_without_code_and_code_without_a_place_are_clear_errors():
    with pytest.raises(losslab.ScenarioError, match="no code was given"):
        losslab.run(doc(), set={"flows[0].tcp.cc": "custom"})
    with pytest.raises(losslab.ScenarioError, match='no flow of the scenario has "cc": "custom"'):
        losslab.run(doc(), cc=NewReno)


def test_the_labs_javascript_in_a_scenario_is_not_run_by_python():
    d = doc()
    d["flows"][0]["tcp"]["classifier"] = "custom"
    d["code"] = {"classifier": "class Classifier { on_loss() { return 'wireless'; } }"}
    with pytest.raises(losslab.ScenarioError, match=r'carries JavaScript of your own \("code"\), which only the lab runs'):
        losslab.run(d)
    # Given Python code, the Python code runs (the JavaScript stays text).
    r = losslab.run(d, classifier=AlwaysCongestion)
    assert r.summary_json["flows"][0]["verdicts_wireless"] == 0
