//! The census of every piece set: the bounds the statement and the reference rely on.

use klotski::census::{census, PieceSet};

#[test]
fn the_classic_piece_set() {
    let found = census(PieceSet::CLASSIC);
    assert_eq!(found.states, 65_880);
    assert_eq!(found.components, 898);
    assert_eq!(found.largest, 25_955);
}

#[test]
fn every_piece_set_stays_within_the_bound() {
    let mut total = 0;
    let mut largest = 0;
    let mut largest_without_exit = 0;
    let mut farthest = 0;
    for set in PieceSet::all() {
        let found = census(set);
        println!("{found:?}");
        total += found.states;
        largest = largest.max(found.largest);
        largest_without_exit = largest_without_exit.max(found.largest_without_exit);
        farthest = farthest.max(found.farthest);
    }
    assert_eq!(PieceSet::all().len(), 36);
    let empty: Vec<PieceSet> = PieceSet::all()
        .into_iter()
        .filter(|set| set.states().is_empty())
        .collect();
    assert_eq!(
        empty,
        [PieceSet::new(7, 0, 0).unwrap()],
        "seven 2 x 1 never fit"
    );
    assert_eq!(total, 1_588_914);
    assert_eq!(largest, 175_580);
    assert_eq!(largest_without_exit, 7_462);
    assert_eq!(farthest, 179);
}
