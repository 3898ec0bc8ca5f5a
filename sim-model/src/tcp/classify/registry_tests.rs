//! The classifier table: every entry builds the classifier its id names, with its own knobs, and
//! the ids are unique.

use super::*;

#[test]
fn every_classifier_builds_under_its_id_with_its_knobs() {
    for id in AVAILABLE {
        let params: Vec<(&'static str, Value)> =
            specs(id).into_iter().map(|s| (s.name, s.default)).collect();
        assert_eq!(build(id, &params).id(), *id);
        assert_eq!(info(id).map(|i| i.id), Some(*id));
    }
    // Biaz and mBiaz are one type; each entry keeps its own default bound.
    let upper = |id| specs(id)[0].default.as_f64();
    assert_eq!((upper("biaz"), upper("mbiaz")), (Some(2.0), Some(1.25)));
}

#[test]
fn classifier_ids_are_unique() {
    let mut ids = ALL.to_vec();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), CLASSIFIERS.len());
}
