//! The unit of each value a check reads, for the report's and the Papers view's LossLab column
//! ("units on every number"): the plot's `y_unit` for the plot's metric, otherwise the unit a
//! metric's name carries (`_kbps` kbit/s, `_s` seconds, `_pct` %, `_pkts` packets, `_segs`
//! segments), a share between 0 and 1 for accuracies, Jain's index and window shares, and a count
//! for the event counters.

use super::{Check, Plot};

/// The unit of a cell's row (`throughput_kbps`, `tcp.0.timeouts`, `shadow.spike.accuracy_wireless`).
pub(super) fn row_unit(row: &str, plot: &Plot) -> &'static str {
    let metric = row.rsplit('.').next().unwrap_or(row);
    if metric == plot.metric && !plot.y_unit.is_empty() {
        // Authored units are a small closed set in practice; unknown ones are said in words.
        return match plot.y_unit.as_str() {
            "kbit/s" => "kbit/s",
            "s" => "s",
            "%" => "%",
            "packets" => "packets",
            _ => unit_of_name(metric),
        };
    }
    unit_of_name(metric)
}

fn unit_of_name(metric: &str) -> &'static str {
    if metric.ends_with("_kbps") {
        "kbit/s"
    } else if metric.ends_with("_pct") {
        "%"
    } else if metric.ends_with("_pkts") {
        "packets"
    } else if metric.ends_with("_segs") {
        "segments"
    } else if metric.ends_with("_s") {
        "s"
    } else if metric == "bytes_delivered" {
        "bytes"
    } else if metric.starts_with("accuracy_") || metric == "jain_index" || metric.ends_with("share")
    {
        "share (0–1)"
    } else {
        "count"
    }
}

/// `text` followed by the units of the values it quotes: "… — unit: kbit/s", or for a check that
/// reads several metrics "… — units: kbit/s, count".
pub(super) fn with_units(text: String, check: &Check, plot: &Plot) -> String {
    let mut units: Vec<&str> = Vec::new();
    for c in check.cells(plot) {
        let u = row_unit(&c.row, plot);
        if !units.contains(&u) {
            units.push(u);
        }
    }
    if units.is_empty() || text.is_empty() {
        return text;
    }
    let word = if units.len() == 1 { "unit" } else { "units" };
    format!("{text} — {word}: {}", units.join(", "))
}

#[cfg(test)]
mod tests {
    use super::unit_of_name;

    #[test]
    fn a_metric_name_gives_its_unit() {
        assert_eq!(unit_of_name("throughput_kbps"), "kbit/s");
        assert_eq!(unit_of_name("time_to_15kb_s"), "s");
        assert_eq!(unit_of_name("t0_error_pct"), "%");
        assert_eq!(unit_of_name("max_queue_pkts"), "packets");
        assert_eq!(unit_of_name("first_loss_flight_segs"), "segments");
        assert_eq!(unit_of_name("jain_index"), "share (0–1)");
        assert_eq!(unit_of_name("accuracy_wireless"), "share (0–1)");
        assert_eq!(unit_of_name("timeouts"), "count");
    }
}
