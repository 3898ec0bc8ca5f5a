//! The variant table: every entry builds the variant its id names, with its own knobs, and the
//! ids are unique.

use super::*;

#[test]
fn every_variant_builds_under_its_id_with_its_knobs() {
    for id in AVAILABLE {
        let params: Vec<(&'static str, Value)> =
            specs(id).into_iter().map(|s| (s.name, s.default)).collect();
        assert_eq!(build(id, &params).id(), *id);
        assert_eq!(info(id).map(|i| i.id), Some(*id));
    }
    let ww: Vec<&str> = specs("westwood").iter().map(|s| s.name).collect();
    assert!(ww.contains(&"tau_s") && !ww.contains(&"filter"));
    assert!(specs("new_reno").is_empty());
}

#[test]
fn variant_ids_are_unique() {
    let mut ids = ALL.to_vec();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), VARIANTS.len());
}
