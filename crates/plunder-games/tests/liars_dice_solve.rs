//! The liar's dice solvers: the published value of the one-die game and exploitability falling towards 0.

use plunder_games::bidding::Wild;
use plunder_games::liars_dice::solve::{Method, Solver};
use plunder_games::liars_dice::Options;

/// 1 die each, d6, ones wild and not bid on, one round, +1/-1.
fn published_game() -> Options {
    Options { wild: Wild::Ones, wild_biddable: false, ..Options::default() }
}

#[test]
fn cfr_plus_reproduces_the_published_value_minus_7_over_327() {
    let mut solver = Solver::new(published_game(), Method::CfrPlus, 1).unwrap();
    for _ in 0..600 {
        solver.iterate();
    }
    let eval = solver.evaluate();
    eprintln!("{eval:?}");
    assert!((eval.value - (-7.0 / 327.0)).abs() < 1e-4, "{eval:?} vs {}", -7.0 / 327.0);
    assert!(eval.exploitability < 1e-3, "{eval:?}");
}

#[test]
fn every_method_drives_exploitability_towards_zero() {
    for (method, iterations) in [(Method::Cfr, 200), (Method::CfrPlus, 200), (Method::ExternalSampling, 20_000)] {
        let mut solver = Solver::new(Options { faces: 4, ..published_game() }, method, 7).unwrap();
        let start = solver.evaluate().exploitability;
        for _ in 0..iterations {
            solver.iterate();
        }
        let end = solver.evaluate().exploitability;
        eprintln!("{method:?}: {start} -> {end}");
        assert!(start > 0.1 && end < start / 10.0 && end >= -1e-12, "{method:?}: {start} -> {end}");
    }
}

#[test]
fn the_solver_refuses_games_it_cannot_hold() {
    assert!(Solver::new(Options { players: 3, ..Options::default() }, Method::Cfr, 1).is_err());
    assert!(Solver::new(Options { exact: true, ..Options::default() }, Method::Cfr, 1).is_err());
    assert!(Solver::new(
        Options { dice: plunder_games::liars_dice::DiceCount::Same(5), ..Options::default() },
        Method::Cfr,
        1
    )
    .is_err());
}

/// OpenSpiel 2.0.2's C++ `CFRSolver` and `CFRPlusSolver` on its default `liars_dice` (1 die each, d6, highest
/// face wild): exploitability of the average policy after so many iterations, as its harness printed it
/// (`/work/shared/anchors/openspiel/cfr.py cfr 100`, `... cfrplus 10`; six decimals).
const OPENSPIEL_CFR: [(u64, f64); 3] = [(1, 0.780744), (10, 0.183926), (100, 0.022459)];
const OPENSPIEL_CFR_PLUS: [(u64, f64); 2] = [(1, 0.780744), (10, 0.141601)];

#[test]
fn cfr_and_cfr_plus_match_openspiels_exploitability_iteration_for_iteration() {
    for (method, fixture) in [(Method::Cfr, &OPENSPIEL_CFR[..]), (Method::CfrPlus, &OPENSPIEL_CFR_PLUS[..])] {
        let mut solver = Solver::new(Options::default(), method, 1).unwrap();
        for &(iterations, expected) in fixture {
            while solver.iterations() < iterations {
                solver.iterate();
            }
            let got = solver.evaluate().exploitability;
            assert!((got - expected).abs() < 1e-6, "{method:?} after {iterations}: {got}, OpenSpiel {expected}");
        }
    }
}
