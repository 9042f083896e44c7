//! Information-set Monte Carlo tree search, written once for every game.
//!
//! Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) with UCT. Each iteration draws a full state
//! from the searching seat's information set ([`Turn::sample_state`]: the bot never sees the true state), walks
//! the tree, expands one edge, finishes with a random playout and backs every seat's payoff up the path.
//!
//! **The tree.** A node is a sequence of decisions from the root (open loop): chance is not branched on, so
//! every determinization and every chance outcome that leads through the same decisions shares a node. An edge
//! is one seat's action; its statistics are that seat's payoff (scaled to 0..1 by the game's facts), so each
//! seat maximizes its own result. Since an action may be legal in some determinizations and not in others,
//! UCB uses the edge's *availability* count (how often it was legal when its node was visited) instead of the
//! parent's visits.
//!
//! **Simultaneous decisions.** When several seats decide at once, each seat picks its commitment from the
//! statistics of the node where the step began, not from a node below another seat's commitment of the same
//! step (decoupled UCT), so no seat's choice depends on what the others committed in secret. The walk still
//! descends through each commitment so that later decisions see the joint result.
//!
//! Pure and deterministic: randomness from a seeded [`Rng`], no clock. A search runs its simulation budget;
//! a time cap stops it sooner only with a [`Clock`] a front end hands in (the core reads no clock), and a search
//! stopped by time is not reproducible.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use crate::{Bot, Game, Rng, Seat, SeatSet, Status, Turn};

/// No node or edge.
const NONE: u32 = u32::MAX;

/// The default iteration budget of `ismcts` with no number.
pub const DEFAULT_ITERATIONS: u32 = 1000;

/// The UCB exploration constant for payoffs scaled to 0..1.
pub const DEFAULT_EXPLORATION: f64 = 0.7;

/// The most simulations a bot name may ask for.
pub const MAX_ITERATIONS: u32 = 10_000_000;

/// The longest time a bot name may give a search.
pub const MAX_TIME: Duration = Duration::from_secs(3600);

/// The time cap front ends where someone waits for the move (the engine, `plunder play`, the server) give a
/// search named without a time (`ismcts`, `ismcts:N`), so that no request blocks for long.
pub const DEFAULT_TIME_CAP: Duration = Duration::from_secs(5);

/// A search reads the clock once every this many simulations (a simulation takes microseconds or more).
const SIMULATIONS_PER_CLOCK_READ: u32 = 8;

/// A front end's clock: the time since a fixed moment of its choosing. The core reads no clock itself; a search
/// capped by time is handed one.
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> Duration + Send + Sync>);

impl Clock {
    /// A clock reading `now`, which must never go back (a monotonic clock).
    pub fn new(now: impl Fn() -> Duration + Send + Sync + 'static) -> Clock {
        Clock(Arc::new(now))
    }

    pub fn now(&self) -> Duration {
        (self.0)()
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Clock")
    }
}

impl PartialEq for Clock {
    /// The same clock.
    fn eq(&self, other: &Clock) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// How search bots made from a name keep time (see [`crate::make_bot_timed`]). The default has no clock: every
/// search runs its simulations and replays exactly, and a name that gives a time is refused.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timing {
    /// The front end's clock, for names that give a time and for `default_cap`.
    pub clock: Option<Clock>,
    /// The cap of a search whose name gives no time; `None` runs its simulations whatever they take (a bulk
    /// simulation, whose results must replay).
    pub default_cap: Option<Duration>,
}

impl Timing {
    /// Searches capped only where the name says so (`ismcts:N:T`): for runs whose results must replay.
    pub fn when_named(clock: Clock) -> Timing {
        Timing { clock: Some(clock), default_cap: None }
    }

    /// Every search capped at `cap` unless its name gives a time: for front ends where someone waits.
    pub fn capped(clock: Clock, cap: Duration) -> Timing {
        Timing { clock: Some(clock), default_cap: Some(cap) }
    }
}

/// A search bot's name read: `ismcts`, `ismcts:N` or `ismcts:N:T`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SearchName {
    /// The simulations a decision (N; 1000 without it).
    pub iterations: u32,
    /// The time a decision may take at most (T, as `2s` or `500ms`), if the name gives one.
    pub time: Option<Duration>,
}

/// One seat's action out of a node, with that seat's statistics.
#[derive(Clone, Debug)]
struct Edge<A> {
    seat: Seat,
    action: A,
    visits: u32,
    available: u32,
    /// The sum of the acting seat's scaled payoffs over the visits.
    reward: f64,
    /// The node below (NONE until the walk first goes there).
    child: u32,
    /// The next edge of the same node (NONE at the end).
    next: u32,
}

/// A node: the head of its edge list, and the edges of the legal actions the last time all were tried, in
/// legal-action order (`cached[cache_start..][..cache_len]`), so a visit with the same legal actions finds its
/// edges in one pass instead of one list walk per action.
#[derive(Copy, Clone, Debug)]
struct Node {
    first_edge: u32,
    cache_start: u32,
    cache_len: u32,
}

const NEW_NODE: Node = Node { first_edge: NONE, cache_start: 0, cache_len: 0 };

/// The search tree: nodes, edges and cached edge lists in flat arenas reused between searches, so a search
/// allocates only while the arenas grow.
#[derive(Clone, Debug)]
struct Tree<A> {
    nodes: Vec<Node>,
    edges: Vec<Edge<A>>,
    cached: Vec<u32>,
}

impl<A: Clone + PartialEq> Tree<A> {
    fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.cached.clear();
        self.nodes.push(NEW_NODE);
    }

    fn new_node(&mut self) -> u32 {
        self.nodes.push(NEW_NODE);
        (self.nodes.len() - 1) as u32
    }

    fn find(&self, node: u32, seat: Seat, action: &A) -> u32 {
        let mut e = self.nodes[node as usize].first_edge;
        while e != NONE {
            let edge = &self.edges[e as usize];
            if edge.seat == seat && edge.action == *action {
                return e;
            }
            e = edge.next;
        }
        NONE
    }

    fn add(&mut self, node: u32, seat: Seat, action: A) -> u32 {
        let index = self.edges.len() as u32;
        let next = self.nodes[node as usize].first_edge;
        self.edges.push(Edge { seat, action, visits: 0, available: 0, reward: 0.0, child: NONE, next });
        self.nodes[node as usize].first_edge = index;
        index
    }

    /// The edge for `seat` playing `action` at `node`, made if missing.
    fn edge(&mut self, node: u32, seat: Seat, action: &A) -> u32 {
        match self.find(node, seat, action) {
            NONE => self.add(node, seat, action.clone()),
            e => e,
        }
    }

    /// The node below edge `e`, made if missing.
    fn child(&mut self, e: u32) -> u32 {
        match self.edges[e as usize].child {
            NONE => {
                let node = self.new_node();
                self.edges[e as usize].child = node;
                node
            }
            node => node,
        }
    }
}

/// Search settings.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Settings {
    /// Simulations per decision.
    pub iterations: u32,
    /// UCB exploration constant (payoffs are scaled to 0..1).
    pub exploration: f64,
    /// Stop sooner once a decision has taken this long, read from the searcher's [`Clock`] (none: ignored).
    pub time_cap: Option<Duration>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { iterations: DEFAULT_ITERATIONS, exploration: DEFAULT_EXPLORATION, time_cap: None }
    }
}

/// What the search found at the root for the searching seat: each legal action with its visits and mean
/// scaled payoff.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStats<A> {
    pub actions: Vec<(A, u32, f64)>,
}

/// An ISMCTS searcher for game `G`, reusing its buffers across searches.
#[derive(Clone, Debug)]
pub struct Ismcts<G: Game> {
    settings: Settings,
    rng: Rng,
    tree: Tree<G::Action>,
    legal: Vec<G::Action>,
    /// The edges whose statistics an iteration updates (each edge knows its seat).
    path: Vec<u32>,
    payoffs: Vec<f64>,
    /// At a selection, the edge of each legal action (NONE if untried).
    edge_of: Vec<u32>,
    /// The determinized state of the last search, kept for its buffers.
    state: Option<G::State>,
    /// The clock of `settings.time_cap`.
    clock: Option<Clock>,
}

impl<G: Game> Ismcts<G> {
    /// A searcher that runs `settings.iterations` simulations a decision, whatever they take.
    pub fn new(settings: Settings, seed: u64) -> Ismcts<G> {
        Ismcts::with_clock(settings, seed, None)
    }

    /// A searcher that also stops once a decision has taken `settings.time_cap` on `clock` (not reproducible).
    pub fn with_clock(settings: Settings, seed: u64, clock: Option<Clock>) -> Ismcts<G> {
        Ismcts {
            settings,
            rng: Rng::seeded(seed),
            tree: Tree { nodes: Vec::new(), edges: Vec::new(), cached: Vec::new() },
            legal: Vec::new(),
            path: Vec::new(),
            payoffs: Vec::new(),
            edge_of: Vec::new(),
            state: None,
            clock,
        }
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Searches from `turn` for the configured iterations (or until the time cap) and returns the root
    /// statistics of `turn.seat`'s legal actions (in `turn.legal` order).
    pub fn search(&mut self, turn: &Turn<'_, G>) -> RootStats<G::Action> {
        self.tree.clear();
        let game = turn.game;
        let facts = game.facts();
        let low = facts.min_payoff;
        let span = (facts.max_payoff - facts.min_payoff).max(f64::MIN_POSITIVE);
        // One state, redrawn in place each simulation: no allocation per simulation where the game overrides
        // `determinize_into` and `payoffs_into`.
        let mut state = match self.state.take() {
            Some(mut state) => {
                turn.sample_state_into(&mut self.rng, &mut state);
                state
            }
            None => turn.sample_state(&mut self.rng),
        };
        let deadline = match (&self.clock, self.settings.time_cap) {
            (Some(clock), Some(cap)) => Some((clock.clone(), clock.now().saturating_add(cap))),
            _ => None,
        };
        for i in 0..self.settings.iterations {
            if i > 0 {
                if i % SIMULATIONS_PER_CLOCK_READ == 0 {
                    if let Some((clock, end)) = &deadline {
                        if clock.now() >= *end {
                            break;
                        }
                    }
                }
                turn.sample_state_into(&mut self.rng, &mut state);
            }
            self.iterate(game, &mut state);
            if !game.payoffs_into(&state, &mut self.payoffs) {
                continue;
            }
            self.payoffs.iter_mut().for_each(|p| *p = (*p - low) / span);
            for &e in &self.path {
                let edge = &mut self.tree.edges[e as usize];
                edge.visits += 1;
                edge.reward += self.payoffs.get(edge.seat.index()).copied().unwrap_or(0.0);
            }
        }
        let actions = turn
            .legal
            .iter()
            .map(|action| match self.tree.find(0, turn.seat, action) {
                NONE => (action.clone(), 0, 0.0),
                e => {
                    let edge = &self.tree.edges[e as usize];
                    (action.clone(), edge.visits, edge.reward / edge.visits.max(1) as f64)
                }
            })
            .collect();
        self.state = Some(state);
        RootStats { actions }
    }

    /// One iteration from a determinized `state`: selection and expansion in the tree, then a random playout;
    /// leaves the edges to update in `self.path` and `state` finished.
    fn iterate(&mut self, game: &G, state: &mut G::State) {
        self.path.clear();
        let mut cursor = 0u32;
        let mut in_tree = true;
        // The simultaneous step under way: its first node and the seats still to commit.
        let mut step_node = NONE;
        let mut step_pending = SeatSet::EMPTY;
        loop {
            match game.status(state) {
                Status::Over => return,
                Status::Chance => {
                    let outcome = game.sample_chance(state, &mut self.rng);
                    game.apply_chance_unchecked(state, &outcome);
                    step_node = NONE;
                }
                Status::Decide(seats) => {
                    let seat = seats.lowest().expect("someone decides");
                    self.legal.clear();
                    game.legal_actions(state, seat, &mut self.legal);
                    if !in_tree {
                        let pick = self.rng.index(self.legal.len());
                        game.apply_unchecked(state, seat, &self.legal[pick]);
                        continue;
                    }
                    // A step is simultaneous while the deciders are the rest of the step that began with
                    // several; its seats all choose from the step's first node.
                    if step_node == NONE || seats != step_pending {
                        step_node = if seats.len() > 1 { cursor } else { NONE };
                    }
                    let select_at = if step_node == NONE { cursor } else { step_node };
                    let (chosen, expanded) = self.select(select_at, seat);
                    self.path.push(chosen);
                    let action = self.tree.edges[chosen as usize].action.clone();
                    // Walk down through this seat's action (from the cursor, which in a simultaneous step is
                    // below the others' commitments so far).
                    let walk = if select_at == cursor { chosen } else { self.tree.edge(cursor, seat, &action) };
                    cursor = self.tree.child(walk);
                    game.apply_unchecked(state, seat, &action);
                    step_pending = seats.minus(SeatSet::only(seat));
                    if step_pending.is_empty() {
                        step_node = NONE;
                    }
                    if expanded {
                        in_tree = false;
                    }
                }
            }
        }
    }

    /// Chooses `seat`'s edge at `node` among the legal actions in `self.legal`: an untried one if any
    /// (expansion, reported as `true`), else the best by UCB with availability counts.
    fn select(&mut self, node: u32, seat: Seat) -> (u32, bool) {
        // Each legal action's edge (NONE if untried), found once; availability counted first, so the scores
        // below see this visit.
        self.edge_of.clear();
        let mut untried = 0usize;
        let Node { cache_start, cache_len, .. } = self.tree.nodes[node as usize];
        let cached = &self.tree.cached[cache_start as usize..][..cache_len as usize];
        let edges = &self.tree.edges;
        if cached.len() == self.legal.len()
            && cached
                .iter()
                .zip(&self.legal)
                .all(|(&e, a)| edges[e as usize].seat == seat && edges[e as usize].action == *a)
        {
            self.edge_of.extend_from_slice(cached);
        } else {
            for action in &self.legal {
                let e = self.tree.find(node, seat, action);
                untried += usize::from(e == NONE);
                self.edge_of.push(e);
            }
            if untried == 0 {
                let node = &mut self.tree.nodes[node as usize];
                node.cache_start = self.tree.cached.len() as u32;
                node.cache_len = self.edge_of.len() as u32;
                self.tree.cached.extend_from_slice(&self.edge_of);
            }
        }
        for &e in &self.edge_of {
            if e != NONE {
                self.tree.edges[e as usize].available += 1;
            }
        }
        if untried > 0 {
            // One of the untried actions, drawn uniformly.
            let mut pick = self.rng.index(untried);
            for (i, &e) in self.edge_of.iter().enumerate() {
                if e == NONE {
                    if pick == 0 {
                        let e = self.tree.add(node, seat, self.legal[i].clone());
                        self.tree.edges[e as usize].available = 1;
                        return (e, true);
                    }
                    pick -= 1;
                }
            }
        }
        let c = self.settings.exploration;
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for &e in &self.edge_of {
            let edge = &self.tree.edges[e as usize];
            let log = fast_ln(edge.available);
            let visits = edge.visits.max(1) as f64;
            let score = edge.reward / visits + c * (log / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = e;
            }
        }
        (best, false)
    }

    /// The most visited legal action at the root (the first on a tie).
    pub fn best_action(&mut self, turn: &Turn<'_, G>) -> G::Action {
        let stats = self.search(turn);
        let mut best = 0;
        for (i, (_, visits, _)) in stats.actions.iter().enumerate() {
            if *visits > stats.actions[best].1 {
                best = i;
            }
        }
        stats.actions.into_iter().nth(best).map(|(a, _, _)| a).unwrap_or_else(|| turn.legal[0].clone())
    }
}

/// The natural logarithm of `n` (at least 1) within 3e-5: exponent and a polynomial on the mantissa, several
/// times faster than `f64::ln`, which dominated selection. UCB needs no more precision.
#[inline]
fn fast_ln(n: u32) -> f64 {
    let x = n.max(1) as f64;
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64 - 1023;
    // The mantissa in [1, 2), then log2 of it by a fitted polynomial in t = m - 1.
    let m = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000);
    let t = m - 1.0;
    let log2_m = t * (1.441_825_5 + t * (-0.708_678_9 + t * (0.415_411_2 + t * (-0.194_408_3 + t * 0.045_878_95))));
    (exponent as f64 + log2_m) * std::f64::consts::LN_2
}

/// The `ismcts` bot: ISMCTS with an iteration budget per decision, and a time cap if given a clock.
#[derive(Debug)]
pub struct IsmctsBot<G: Game> {
    search: Ismcts<G>,
}

impl<G: Game> IsmctsBot<G> {
    pub fn new(settings: Settings, seed: u64) -> IsmctsBot<G> {
        IsmctsBot { search: Ismcts::new(settings, seed) }
    }

    /// A bot whose searches also stop at `settings.time_cap` on `clock`.
    pub fn with_clock(settings: Settings, seed: u64, clock: Option<Clock>) -> IsmctsBot<G> {
        IsmctsBot { search: Ismcts::with_clock(settings, seed, clock) }
    }
}

impl<G: Game> Bot<G> for IsmctsBot<G> {
    fn act(&mut self, turn: &Turn<'_, G>) -> G::Action {
        if turn.legal.len() == 1 {
            return turn.legal[0].clone();
        }
        self.search.best_action(turn)
    }
}

/// The iteration budget a search bot's name asks for (see [`parse_search_name`]); `None` for any other name.
pub fn parse_name(name: &str) -> Option<u32> {
    parse_search_name(name).map(|search| search.iterations)
}

/// A search bot's name: `ismcts` (1000 simulations), `ismcts:N` (N from 1 to 10 million) or `ismcts:N:T`, N
/// simulations but no longer than T (`2s`, `500ms`; from 1 ms to an hour); `None` for any other name.
pub fn parse_search_name(name: &str) -> Option<SearchName> {
    let rest = name.strip_prefix("ismcts")?;
    if rest.is_empty() {
        return Some(SearchName { iterations: DEFAULT_ITERATIONS, time: None });
    }
    let (iterations, time) = match rest.strip_prefix(':')?.split_once(':') {
        Some((iterations, time)) => (iterations, Some(parse_time(time)?)),
        None => (rest.strip_prefix(':')?, None),
    };
    let iterations = iterations.parse::<u32>().ok().filter(|n| (1..=MAX_ITERATIONS).contains(n))?;
    Some(SearchName { iterations, time })
}

/// What is wrong with a name that starts as a search bot's (`ismcts:...`) but is not one, in words; `None` for a
/// valid search name or any other name.
pub fn search_name_problem(name: &str) -> Option<String> {
    let rest = name.strip_prefix("ismcts:")?;
    if parse_search_name(name).is_some() {
        return None;
    }
    let (iterations, time) = rest.split_once(':').map_or((rest, None), |(n, t)| (n, Some(t)));
    if !iterations.parse::<u32>().is_ok_and(|n| (1..=MAX_ITERATIONS).contains(&n)) {
        return Some(format!("the simulations (ismcts:N) must be a whole number from 1 to {MAX_ITERATIONS}"));
    }
    time.map(|_| format!("the time cap (ismcts:N:T) must be like 500ms or 2s, from 1ms to {}s", MAX_TIME.as_secs()))
}

/// `2s` or `500ms`, from 1 ms to [`MAX_TIME`].
pub(crate) fn parse_time(text: &str) -> Option<Duration> {
    let time = match text.strip_suffix("ms") {
        Some(ms) => Duration::from_millis(ms.parse().ok()?),
        None => Duration::from_secs(text.strip_suffix('s')?.parse().ok()?),
    };
    (Duration::from_millis(1)..=MAX_TIME).contains(&time).then_some(time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_ln_is_close_to_ln() {
        for n in (1..5000).chain([65_535, 65_536, 1_000_003, u32::MAX]) {
            let err = (fast_ln(n) - (n as f64).ln()).abs();
            assert!(err < 1e-4, "ln {n}: {} vs {}", fast_ln(n), (n as f64).ln());
        }
        assert_eq!(fast_ln(1), 0.0);
    }

    #[test]
    fn bot_names_parse() {
        assert_eq!(parse_name("ismcts"), Some(DEFAULT_ITERATIONS));
        assert_eq!(parse_name("ismcts:2000"), Some(2000));
        assert_eq!(parse_name("ismcts:0"), None);
        assert_eq!(parse_name("ismcts2000"), None);
        assert_eq!(parse_name("ismcts:x"), None);
        assert_eq!(parse_name("random"), None);
        let named = |iterations, time| Some(SearchName { iterations, time });
        assert_eq!(parse_search_name("ismcts:2000"), named(2000, None));
        assert_eq!(parse_search_name("ismcts:2000:3s"), named(2000, Some(Duration::from_secs(3))));
        assert_eq!(parse_search_name("ismcts:10000000:250ms"), named(10_000_000, Some(Duration::from_millis(250))));
        assert_eq!(parse_name("ismcts:2000:3s"), Some(2000));
        for refused in ["ismcts:2000:", "ismcts:2000:0s", "ismcts:2000:3", "ismcts:2000:3h", "ismcts::3s", "ismcts:3s"]
        {
            assert_eq!(parse_search_name(refused), None, "{refused}");
        }
        assert_eq!(parse_search_name("ismcts:1:3600s"), named(1, Some(MAX_TIME)));
        assert_eq!(parse_search_name("ismcts:1:3601s"), None, "at most an hour");
    }
}
