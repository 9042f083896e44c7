//! A decision's menu for `plunder play`: numbered lines, the game's always-shown choices first. Choices that
//! differ only in a detail (how far, which ship, which face) share one line, and the detail is asked next, a
//! step at a time (`Narrate::choice_steps`), so a captain that can move any ship up to 4 spaces either way is one
//! line, not 32. Typing part of any choice's full label still finds it from the first menu.

use plunder_core::Narrate;

/// One numbered line: a choice, or several that share their first steps.
pub struct Line {
    pub text: String,
    /// The legal actions (their indices) the line stands for.
    pub members: Vec<usize>,
}

/// The lines of one step of a decision.
pub struct Menu {
    /// `lines[n - 1]` is choice number `n`.
    pub lines: Vec<Line>,
    /// What the lines choose between, at a step after the first: the steps already taken ("use Captain Gale:
    /// move any ship ... - on P2's ship").
    pub heading: Option<String>,
    /// How many always-shown choices head the menu.
    pub pinned: usize,
    /// How many lines a short menu may show.
    pub page: usize,
    /// Every legal action's full label and its steps (shared by the steps' menus).
    labels: Vec<String>,
    steps: Vec<Vec<String>>,
    /// Which step the lines' texts start at (0: the first menu).
    depth: usize,
}

impl Menu {
    /// The first menu of `legal`, its head `page` lines at most (and the always-shown choices).
    pub fn new<G: Narrate>(game: &G, view: &G::View, legal: &[G::Action], page: usize) -> Menu {
        let labels: Vec<String> = legal.iter().map(|a| game.label_in_view(view, a)).collect();
        let steps = legal.iter().map(|a| game.choice_steps(view, a)).collect();
        let (pinned, rest): (Vec<usize>, Vec<usize>) =
            (0..legal.len()).partition(|&i| game.always_shown(view, &legal[i]));
        Menu::of(labels, steps, &pinned, &rest, 0, page)
    }

    /// The menu of the lines `pinned` (never grouped) and `rest`, grouped by their step `depth`.
    fn of(
        labels: Vec<String>,
        steps: Vec<Vec<String>>,
        pinned: &[usize],
        rest: &[usize],
        depth: usize,
        page: usize,
    ) -> Menu {
        let mut menu = Menu { lines: Vec::new(), heading: None, pinned: pinned.len(), page, labels, steps, depth };
        menu.lines = pinned.iter().map(|&i| Line { text: menu.text_of(i), members: vec![i] }).collect();
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for &i in rest {
            let key = menu.step(i, depth);
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, members)) => members.push(i),
                None => groups.push((key, vec![i])),
            }
        }
        for (key, members) in groups {
            let text = match members[..] {
                [one] => menu.text_of(one),
                _ => format!("{key} ... ({} ways: you choose next)", members.len()),
            };
            menu.lines.push(Line { text, members });
        }
        menu
    }

    /// Step `depth` of choice `i`, or its whole label where its steps are fewer.
    fn step(&self, i: usize, depth: usize) -> String {
        self.steps[i].get(depth).cloned().unwrap_or_else(|| self.labels[i].clone())
    }

    /// A lone choice's line: its full label in the first menu, the steps still to take in a later one.
    fn text_of(&self, i: usize) -> String {
        match self.steps[i].get(self.depth..) {
            Some(rest) if self.depth > 0 && !rest.is_empty() => rest.join(", "),
            _ => self.labels[i].clone(),
        }
    }

    /// The menu of the next step for line number `n`, which stands for several choices. Steps every one of
    /// them shares are taken at once (a card with one target goes straight to how far).
    pub fn next_step(&self, n: usize) -> Menu {
        let members = &self.lines[n - 1].members;
        let first = members[0];
        let longest = members.iter().map(|&i| self.steps[i].len()).max().unwrap_or(0);
        let mut depth = self.depth + 1;
        while depth + 1 < longest && members.iter().all(|&i| self.step(i, depth) == self.step(first, depth)) {
            depth += 1;
        }
        let mut menu = Menu::of(self.labels.clone(), self.steps.clone(), &[], members, depth, usize::MAX);
        menu.heading = Some((0..depth).map(|d| self.step(first, d)).collect::<Vec<_>>().join(" - "));
        menu
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// The line of choice number `n`.
    pub fn line(&self, n: usize) -> String {
        format!("  {n:>2}. {}", self.lines[n - 1].text)
    }

    /// The number of the line that holds legal action `i`.
    pub fn number_of(&self, i: usize) -> Option<usize> {
        self.lines.iter().position(|l| l.members.contains(&i)).map(|p| p + 1)
    }

    /// How many choices the short menu shows: all the pinned ones and the head of the rest.
    pub fn shown(&self) -> usize {
        if self.len() <= self.page {
            self.len()
        } else {
            self.pinned.max(self.page)
        }
    }

    /// The legal actions (in menu order) `answer` names, read against each one's full label in the first menu
    /// and against the steps still to take in a later one: those whose text reads as `answer` (a leading verb
    /// such as "call" or "bid" may be left out) if any, else those whose text starts as `answer` does, else
    /// those with a word starting as `answer` does, else
    /// those whose words start, in order, as the words of `answer` do (small words left out: "broadside p4" finds
    /// "play Broadside on P4").
    pub fn find(&self, answer: &str) -> Vec<usize> {
        let query = fold(answer).0;
        if query.is_empty() {
            return Vec::new();
        }
        let members: Vec<usize> = self.lines.iter().flat_map(|l| l.members.iter().copied()).collect();
        let texts: Vec<String> = members
            .iter()
            .map(|&i| match self.steps[i].get(self.depth..) {
                Some(rest) if self.depth > 0 && !rest.is_empty() => rest.join(" "),
                _ => self.labels[i].clone(),
            })
            .collect();
        let folded: Vec<(String, Vec<usize>)> = texts.iter().map(|t| fold(t)).collect();
        let pick = |keep: &dyn Fn(usize) -> bool| -> Vec<usize> {
            (0..members.len()).filter(|&k| keep(k)).map(|k| members[k]).collect()
        };
        let exact = pick(&|k| {
            let (text, starts) = &folded[k];
            *text == query || starts.get(1).is_some_and(|&second| text[second..] == query)
        });
        if !exact.is_empty() {
            return exact;
        }
        // "battle" names "battle P4 for the flag", not "pass: end your turn without a battle".
        let leading = pick(&|k| folded[k].0.starts_with(&query));
        if !leading.is_empty() {
            return leading;
        }
        let starting = pick(&|k| {
            let (text, starts) = &folded[k];
            starts.iter().any(|&s| text[s..].starts_with(&query))
        });
        if !starting.is_empty() {
            return starting;
        }
        let asked = words(answer);
        pick(&|k| words_in_order(&asked, &words(&texts[k])))
    }
}

/// A text's words, folded: a word is a run of letters or of digits ("P4" is two words, as in `fold`).
fn words(text: &str) -> Vec<String> {
    let (folded, starts) = fold(text);
    let ends = starts.iter().skip(1).copied().chain([folded.len()]);
    starts.iter().zip(ends).map(|(&s, e)| folded[s..e].to_string()).collect()
}

/// Whether each of `asked` starts a word of `label`, in order, each a later word than the one before.
fn words_in_order(asked: &[String], label: &[String]) -> bool {
    let mut rest = label.iter();
    !asked.is_empty() && asked.iter().all(|a| rest.any(|w| w.starts_with(a.as_str())))
}

/// Folds a label for matching: lower case, letters and digits only (`×` reads as x), with where each word starts.
/// A word is a run of letters or of digits, so "4x5" finds "bid 4 × 5" but "3x2" does not find "bid 13 × 2".
fn fold(text: &str) -> (String, Vec<usize>) {
    let mut folded = String::new();
    let mut starts = Vec::new();
    let mut previous: Option<char> = None;
    for c in text.to_lowercase().replace('×', "x").chars() {
        if !c.is_alphanumeric() {
            previous = None;
            continue;
        }
        if previous.is_none_or(|p| p.is_ascii_digit() != c.is_ascii_digit()) {
            starts.push(folded.len());
        }
        folded.push(c);
        previous = Some(c);
    }
    (folded, starts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A first menu of `labels`, each choice its own single step unless it has `;`-separated steps.
    fn menu(labels: &[&str]) -> Menu {
        let steps = labels.iter().map(|l| l.split("; ").map(String::from).collect()).collect();
        let all: Vec<usize> = (0..labels.len()).collect();
        Menu::of(labels.iter().map(|l| l.replace("; ", " ")).collect(), steps, &[], &all, 0, 12)
    }

    #[test]
    fn an_exact_match_wins_over_a_longer_one() {
        let m = menu(&["bid 13 × 2", "bid 3 × 2", "bid 3 × 3"]);
        assert_eq!(m.find("3x2"), vec![1], "3x2 is not ambiguous with 13x2");
        assert_eq!(m.find("13 x 2"), vec![0]);
        assert_eq!(m.find("liar"), Vec::<usize>::new());
        let calls = menu(&["call liar", "call exact"]);
        assert_eq!(calls.find("liar"), vec![0], "a leading verb may be left out");
    }

    #[test]
    fn ambiguous_text_finds_every_candidate_instead_of_picking_one() {
        let m = menu(&["pass", "show your dice to P2", "pay P2 1 doubloon", "pay P2 2 doubloons", "pay P3 1 doubloon"]);
        assert_eq!(m.find("pay p2"), vec![2, 3]);
        assert_eq!(m.find("p2"), vec![1, 2, 3], "P2 names three choices");
        assert_eq!(m.find("pay p2 2"), vec![3]);
        assert_eq!(m.find("doubloon"), vec![2, 3, 4], "a word of each");
        assert_eq!(m.find("ass"), Vec::<usize>::new(), "matches start at words, not inside them");
    }

    #[test]
    fn a_choice_that_starts_as_typed_wins_over_one_that_only_mentions_it() {
        // A trial typed "battle" and was told it could be the pass too.
        let m = menu(&["pass: end your turn without a battle against P2", "battle P2 for the flag"]);
        assert_eq!(m.find("battle"), vec![1]);
        assert_eq!(m.find("bat"), vec![1]);
        assert_eq!(m.find("flag"), vec![1], "a word of one choice still finds it");
    }

    #[test]
    fn words_may_be_left_out_when_nothing_reads_as_typed() {
        let m = menu(&["play Broadside on P4", "play Broadside on P3", "play Grapeshot on P4"]);
        assert_eq!(m.find("broadside on p4"), vec![0]);
        assert_eq!(m.find("broadside p4"), vec![0], "the small word 'on' may be left out");
        assert_eq!(m.find("broad p3"), vec![1]);
        assert_eq!(m.find("p4 broadside"), Vec::<usize>::new(), "the words keep their order");
    }

    #[test]
    fn choices_that_differ_in_a_detail_share_a_line_and_the_detail_is_asked_next() {
        let m = menu(&[
            "pass",
            "use Gale; on P2; 1 space",
            "use Gale; on P2; 2 spaces",
            "use Gale; on P3; 1 space",
            "play Full Sail; 2 spaces",
        ]);
        let texts: Vec<&str> = m.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["pass", "use Gale ... (3 ways: you choose next)", "play Full Sail 2 spaces"]);
        assert_eq!(m.number_of(3), Some(2), "a grouped choice is found under its line");
        let whom = m.next_step(2);
        assert_eq!(whom.heading.as_deref(), Some("use Gale"));
        let texts: Vec<&str> = whom.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["on P2 ... (2 ways: you choose next)", "on P3, 1 space"]);
        let far = whom.next_step(1);
        assert_eq!(far.heading.as_deref(), Some("use Gale - on P2"));
        assert_eq!(far.lines.iter().map(|l| l.members.clone()).collect::<Vec<_>>(), [vec![1], vec![2]]);
        assert_eq!(far.find("2"), vec![2], "a later step is found by its own words");
        assert_eq!(m.find("gale p3"), vec![3], "the first menu finds a grouped choice by its full label");
    }

    #[test]
    fn a_step_every_choice_shares_is_taken_at_once() {
        let m = menu(&["use Blackwater; on your ship; 1 space", "use Blackwater; on your ship; 2 spaces"]);
        let far = m.next_step(1);
        assert_eq!(far.heading.as_deref(), Some("use Blackwater - on your ship"));
        let texts: Vec<&str> = far.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["1 space", "2 spaces"]);
    }

    #[test]
    fn a_choice_with_fewer_steps_than_the_step_asked_is_read_by_its_label() {
        // Its one step reads as the others' second, so the menu goes past it.
        let m = menu(&["use X", "use X; use X; 1 space", "use X; use X; 2 spaces"]);
        let next = m.next_step(1);
        assert_eq!(next.find("2"), vec![2]);
        assert_eq!(next.find("use x"), vec![0], "its whole label");
    }

    #[test]
    fn a_long_menu_shows_its_head_and_every_always_shown_choice() {
        let mut long = menu(&["a"; 30]);
        long.lines = (0..30).map(|i| Line { text: format!("bid {i}"), members: vec![i] }).collect();
        long.page = 8;
        assert_eq!(long.shown(), 8, "a menu shows the head that fits");
        long.pinned = 10;
        assert_eq!(long.shown(), 10, "and every always-shown choice");
    }

    #[test]
    fn folding_marks_where_words_start() {
        assert_eq!(fold("bid 13 × 2"), ("bid13x2".to_string(), vec![0, 3, 5, 6]));
        assert_eq!(fold("call Scallywagger!"), ("callscallywagger".to_string(), vec![0, 4]));
    }
}
