//! The unchecked path allocates nothing per step: a counting allocator watches random Loot Pirates playouts.
//! (Its own test binary, because the allocator is global; the only `unsafe` in the workspace, allowed here.)
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use plunder_core::{random_playout, Game, Rng};
use plunder_games::loot_pirates::{LootPirates, Options};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn random_playouts_allocate_nothing_after_warm_up() {
    for players in [3, 5, 8] {
        let game = LootPirates::new(Options::for_players(players)).unwrap();
        let mut rng = Rng::seeded(1);
        let mut legal = Vec::with_capacity(64);
        let mut state = game.initial_state();
        random_playout(&game, &mut state, &mut rng, &mut legal); // warm-up: the buffer grows once
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut steps = 0;
        for _ in 0..200 {
            let mut state = game.initial_state();
            steps += random_playout(&game, &mut state, &mut rng, &mut legal);
        }
        let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert!(steps > 10_000, "the playouts ran ({steps} steps)");
        assert_eq!(allocations, 0, "{players} players: {allocations} allocations in {steps} steps");
    }
}
