//! Results files read as streams: a run of a million games holds a few bytes per chunk of 256 games in memory,
//! never the games. A reader makes two passes: [`RunIndex`] checks that every line is a game of one run, once,
//! and learns how many games each chunk holds; [`Summer`] then sums each chunk as soon as all its games have
//! been read (in index order inside the chunk, chunks in order), exactly as a single run sums them.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use super::{summarize, GameResult, Summary, Tally, CHUNK};

/// The longest line a results file may hold: a game result is a few kilobytes at most, so a longer line is
/// another kind of file (and is never read whole into memory).
pub const MAX_LINE_BYTES: u64 = 1 << 20;

/// A file's lines, read one at a time with their byte offsets.
#[derive(Debug)]
pub struct Lines {
    reader: BufReader<File>,
    path: PathBuf,
    number: u64,
    offset: u64,
    buf: Vec<u8>,
}

/// One line of a file: its number (1-based), where it starts, its bytes without the newline, and whether it
/// ended with a newline (only the last line of a file may not).
#[derive(Debug)]
pub struct Line<'a> {
    pub number: u64,
    pub offset: u64,
    pub bytes: &'a [u8],
    pub complete: bool,
}

impl Lines {
    pub fn open(path: &Path) -> Result<Lines, String> {
        let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Ok(Lines { reader: BufReader::new(file), path: path.to_path_buf(), number: 0, offset: 0, buf: Vec::new() })
    }

    /// The next line, or `None` at the end; a line longer than [`MAX_LINE_BYTES`] is an error.
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>, String> {
        self.buf.clear();
        let read = (&mut self.reader)
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| format!("cannot read {}: {e}", self.path.display()))?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        let complete = self.buf.ends_with(b"\n");
        if !complete && read as u64 > MAX_LINE_BYTES {
            return Err(format!(
                "{} line {} is longer than {} bytes: not a results file",
                self.path.display(),
                self.number,
                MAX_LINE_BYTES
            ));
        }
        let offset = self.offset;
        self.offset += read as u64;
        let bytes = if complete { &self.buf[..read - 1] } else { &self.buf[..] };
        Ok(Some(Line { number: self.number, offset, bytes, complete }))
    }
}

fn parse(path: &Path, line: &Line<'_>) -> Result<GameResult, String> {
    serde_json::from_slice(line.bytes)
        .map_err(|e| format!("{} line {}: not a game result: {e}", path.display(), line.number))
}

fn is_blank(bytes: &[u8]) -> bool {
    bytes.iter().all(u8::is_ascii_whitespace)
}

/// Calls `each` with every game result in a results file, in file order. An
/// unfinished last line (a run stopped while writing) is skipped; any other line that is not a game result is
/// an error naming it.
pub fn for_each_result(path: &Path, mut each: impl FnMut(GameResult) -> Result<(), String>) -> Result<(), String> {
    let mut lines = Lines::open(path)?;
    while let Some(line) = lines.next_line()? {
        if line.complete && !is_blank(line.bytes) {
            let result = parse(path, &line)?;
            each(result)?;
        }
    }
    Ok(())
}

/// Which game indices of one chunk have been seen (a bit each).
#[derive(Clone, Debug, Default)]
struct ChunkIndex {
    seen: [u64; (CHUNK / 64) as usize],
    games: u32,
}

/// The first pass over a run's results: checks that they come from one run, each game once, with outcomes
/// that fit the table, and learns which games each chunk holds.
#[derive(Clone, Debug, Default)]
pub struct RunIndex {
    run: Option<GameResult>,
    chunks: BTreeMap<u64, ChunkIndex>,
    games: u64,
}

impl RunIndex {
    pub fn new() -> RunIndex {
        RunIndex::default()
    }

    /// Notes `result`.
    pub fn add(&mut self, result: &GameResult) -> Result<(), String> {
        let run = self.run.get_or_insert_with(|| result.clone());
        if !result.same_run(run) {
            return Err(format!("results of different runs: {} and {}", run.run_label(), result.run_label()));
        }
        if result.payoffs.len() != result.players || result.winners.iter().any(|&w| w as usize >= result.players) {
            return Err(format!(
                "game {} has payoffs or winners that do not fit {} seats",
                result.index, result.players
            ));
        }
        let chunk = self.chunks.entry(result.index / CHUNK).or_default();
        let bit = result.index % CHUNK;
        let (word, mask) = ((bit / 64) as usize, 1u64 << (bit % 64));
        if chunk.seen[word] & mask != 0 {
            return Err(format!("game {} appears twice", result.index));
        }
        chunk.seen[word] |= mask;
        chunk.games += 1;
        self.games += 1;
        Ok(())
    }

    pub fn contains(&self, index: u64) -> bool {
        let bit = index % CHUNK;
        self.chunks.get(&(index / CHUNK)).is_some_and(|c| c.seen[(bit / 64) as usize] & (1 << (bit % 64)) != 0)
    }

    /// The games noted.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The games noted with an index in `[start, end)`.
    pub fn games_in(&self, start: u64, end: u64) -> u64 {
        if start >= end {
            return 0;
        }
        self.chunks
            .range(start / CHUNK..=(end - 1) / CHUNK)
            .map(|(&id, chunk)| {
                if id * CHUNK >= start && (id + 1).saturating_mul(CHUNK) <= end {
                    chunk.games as u64
                } else {
                    (id * CHUNK..(id + 1).saturating_mul(CHUNK))
                        .filter(|&i| i >= start && i < end && self.contains(i))
                        .count() as u64
                }
            })
            .sum()
    }

    /// The run's facts, from its first result.
    pub fn run(&self) -> Option<&GameResult> {
        self.run.as_ref()
    }
}

/// What the summary needs of one game.
#[derive(Debug)]
struct Outcome {
    index: u64,
    winners: Vec<u8>,
    payoffs: Vec<f64>,
    rounds: u32,
}

/// The second pass: sums the games a [`RunIndex`] saw, in any order, into exactly the summary of one run.
#[derive(Debug)]
pub struct Summer<'a> {
    index: &'a RunIndex,
    /// Games of chunks not yet complete.
    pending: BTreeMap<u64, Vec<Outcome>>,
    /// Complete chunks waiting for an earlier one.
    ready: BTreeMap<u64, Tally>,
    /// The chunks still to add, in order.
    next: std::collections::btree_map::Keys<'a, u64, ChunkIndex>,
    waiting_for: Option<u64>,
    total: Tally,
}

impl<'a> Summer<'a> {
    pub fn new(index: &'a RunIndex) -> Summer<'a> {
        let seats = index.run.as_ref().map_or(0, |r| r.players);
        let mut next = index.chunks.keys();
        let waiting_for = next.next().copied();
        Summer { index, pending: BTreeMap::new(), ready: BTreeMap::new(), next, waiting_for, total: Tally::new(seats) }
    }

    /// Adds a game the index saw (each once).
    pub fn add(&mut self, result: &GameResult) {
        let id = result.index / CHUNK;
        let Some(expected) = self.index.chunks.get(&id) else { return };
        let games = self.pending.entry(id).or_default();
        games.push(Outcome {
            index: result.index,
            winners: result.winners.clone(),
            payoffs: result.payoffs.clone(),
            rounds: result.rounds,
        });
        if games.len() as u32 == expected.games {
            let mut games = self.pending.remove(&id).unwrap_or_default();
            games.sort_by_key(|g| g.index);
            let mut tally = Tally::new(self.total.wins.len());
            for game in &games {
                tally.record(&game.winners, &game.payoffs, game.rounds);
            }
            self.ready.insert(id, tally);
            while let Some(tally) = self.waiting_for.and_then(|id| self.ready.remove(&id)) {
                self.total.add(&tally);
                self.waiting_for = self.next.next().copied();
            }
        }
    }

    pub fn finish(self) -> Result<Summary, String> {
        let run = self.index.run.as_ref().ok_or("no game results")?;
        if self.waiting_for.is_some() {
            return Err("the results changed while they were read".to_string());
        }
        Ok(summarize(&run.game, run.seed, run.options.clone(), &run.bots, &self.total))
    }
}

/// The summary of the games in `files` (one run, possibly in shards) whose index `keep` accepts, read twice
/// as streams.
pub fn summary_of_files(files: &[PathBuf], keep: impl Fn(u64) -> bool) -> Result<Summary, String> {
    let mut index = RunIndex::new();
    for file in files {
        for_each_result(file, |r| if keep(r.index) { index.add(&r) } else { Ok(()) })?;
    }
    let mut summer = Summer::new(&index);
    for file in files {
        for_each_result(file, |r| {
            if keep(r.index) {
                summer.add(&r);
            }
            Ok(())
        })?;
    }
    summer.finish()
}

/// Opens the results file of a run to append to, after checking that it is one: every complete line a game of
/// the run (`probe` is one of its games), and an unfinished last line, cut off here, only where the file is
/// provably the run's (another of its lines before it, or the fragment starting as the run's lines start).
/// Anything else is refused and left untouched. Returns the games already in the file.
pub fn open_results_for_run(path: &Path, probe: &GameResult) -> Result<(RunIndex, File), String> {
    let fail = |e: std::io::Error| format!("cannot write to {}: {e}", path.display());
    let mut index = RunIndex::new();
    if path.exists() {
        let refuse =
            |why: String| format!("{} is not a results file of this run ({why}); it is left as it is", path.display());
        let mut lines = Lines::open(path)?;
        let mut torn: Option<(u64, bool)> = None;
        let header = run_header(probe);
        while let Some(line) = lines.next_line().map_err(refuse)? {
            if !line.complete {
                let fragment = line.bytes;
                let fits = fragment.starts_with(header.as_bytes())
                    || (index.games() > 0 && (header.as_bytes().starts_with(fragment) || is_blank(fragment)));
                torn = Some((line.offset, fits));
                break;
            }
            if is_blank(line.bytes) {
                continue;
            }
            let result = parse(path, &line).map_err(refuse)?;
            if !result.same_run(probe) {
                return Err(format!(
                    "{} holds games of another run ({}); this run is {}",
                    path.display(),
                    result.run_label(),
                    probe.run_label()
                ));
            }
            index.add(&result).map_err(refuse)?;
        }
        match torn {
            Some((_, false)) => {
                return Err(refuse("its last line is neither complete nor the start of one of this run's games".into()))
            }
            Some((keep, true)) => {
                std::fs::OpenOptions::new().write(true).open(path).and_then(|f| f.set_len(keep)).map_err(fail)?
            }
            None => {}
        }
    }
    let file = std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(fail)?;
    Ok((index, file))
}

/// How every line of a run's results file starts: `{"game":"ID","players":N,"seed":S,"index":`.
fn run_header(probe: &GameResult) -> String {
    let line = serde_json::to_string(probe).expect("results serialize");
    let end = line.find("\"index\":").map_or(line.len(), |at| at + "\"index\":".len());
    line[..end].to_string()
}
