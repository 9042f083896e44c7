//! The docs stay true without mdBook installed: every relative link in the book (docs/book/src), the README
//! and the Markdown files they link reaches its file and, with `#anchor`, a heading there; every chapter is in
//! SUMMARY.md; the book's runnable commands succeed; the README stays short and names CI's test command.
//!
//! Runnable commands: in a ```console block, each line starting with `$ plunder ` is run against the built
//! binary. The lines of one block run in order in one fresh folder (a later line may read an earlier one's
//! files) that holds the book's examples at their repository paths. Example options files
//! (`designing/examples/GAME/NAME.json`, what `--options @FILE` reads) must be accepted by their game.

use std::collections::{BTreeSet, HashSet};
use std::fs::File;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const REPO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
const README_MAX_LINES: usize = 160;
const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

fn repo() -> PathBuf {
    Path::new(REPO).canonicalize().expect("the repository folder")
}

fn book_src() -> PathBuf {
    repo().join("docs/book/src")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn shown(path: &Path) -> String {
    path.strip_prefix(repo()).unwrap_or(path).display().to_string()
}

fn markdown_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(markdown_files_under(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// A fenced code block: its info string (```console gives "console") and its lines.
struct CodeBlock {
    info: String,
    lines: Vec<String>,
}

/// Splits Markdown into the lines outside fenced code blocks (numbered from 1) and the fenced blocks.
fn split_fences(text: &str) -> (Vec<(usize, &str)>, Vec<CodeBlock>) {
    let mut prose = Vec::new();
    let mut blocks = Vec::new();
    let mut open: Option<(&str, CodeBlock)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let fence = ["```", "~~~"].into_iter().find(|f| trimmed.starts_with(f));
        match (&mut open, fence) {
            (None, Some(fence)) => {
                let info = trimmed.trim_start_matches(fence).trim().to_string();
                open = Some((fence, CodeBlock { info, lines: Vec::new() }));
            }
            (Some((opening, _)), Some(fence)) if *opening == fence && trimmed.trim_end() == fence => {
                blocks.push(open.take().unwrap().1);
            }
            (Some((_, block)), _) => block.lines.push(line.to_string()),
            (None, None) => prose.push((index + 1, line)),
        }
    }
    (prose, blocks)
}

/// The line without its `code spans`, where a link is only text.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].chars().take_while(|&c| c == '`').count();
        let after = &rest[start + ticks..];
        match after.find(&"`".repeat(ticks)) {
            Some(end) => rest = &after[end + ticks..],
            None => return out + &rest[start..],
        }
    }
    out + rest
}

/// Link targets of one line: `[text](target "title")`, `[label]: target`, `<img src="target">`.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find("](") {
        rest = &rest[start + 2..];
        let target = rest.trim_start_matches('<');
        let end = target.find([')', ' ', '>']).unwrap_or(target.len());
        targets.push(target[..end].to_string());
    }
    if let Some((_, target)) = line.trim_start().strip_prefix('[').and_then(|d| d.split_once("]: ")) {
        targets.push(target.split_whitespace().next().unwrap_or("").to_string());
    }
    for attribute in ["src=\"", "href=\""] {
        let mut rest = line;
        while let Some(start) = rest.find(attribute) {
            rest = &rest[start + attribute.len()..];
            targets.push(rest[..rest.find('"').unwrap_or(rest.len())].to_string());
        }
    }
    targets
}

/// A heading's anchor as GitHub and mdBook make it: lower case, punctuation dropped, spaces to hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every anchor a Markdown file offers: its headings' slugs (a repeated one numbered `-1`, `-2`...) and
/// explicit `id="..."` or `name="..."` attributes.
fn anchors(text: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    let (prose, _) = split_fences(text);
    for (_, line) in prose {
        if line.starts_with('#') {
            let heading = line.trim_start_matches('#').trim_end_matches('#');
            let base = slug(&heading.replace('`', ""));
            let mut anchor = base.clone();
            let mut repeat = 0;
            while found.contains(&anchor) {
                repeat += 1;
                anchor = format!("{base}-{repeat}");
            }
            found.insert(anchor);
        }
        for attribute in ["id=\"", "name=\""] {
            let mut rest = line;
            while let Some(start) = rest.find(attribute) {
                rest = &rest[start + attribute.len()..];
                found.insert(rest[..rest.find('"').unwrap_or(rest.len())].to_string());
            }
        }
    }
    found
}

/// `a/b/../c` as `a/c`, without asking the file system (the target may not exist).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

fn is_external(target: &str) -> bool {
    target.contains("://") || target.starts_with("mailto:") || target.starts_with('/')
}

/// Checks the relative links of `start` and of every Markdown file under `root` they reach; returns every
/// broken link, each with its file and line.
fn broken_links(root: &Path, start: Vec<PathBuf>) -> Vec<String> {
    let mut broken = Vec::new();
    let mut queued: BTreeSet<PathBuf> = start.iter().cloned().collect();
    let mut queue = start;
    while let Some(file) = queue.pop() {
        let text = read(&file);
        let (prose, _) = split_fences(&text);
        for (number, line) in prose {
            for target in link_targets(&without_code_spans(line)) {
                if target.is_empty() || is_external(&target) {
                    continue;
                }
                let (path, anchor) = match target.split_once('#') {
                    Some((path, anchor)) => (path, Some(anchor)),
                    None => (target.as_str(), None),
                };
                let resolved =
                    if path.is_empty() { file.clone() } else { normalize(&file.parent().unwrap().join(path)) };
                let place = format!("{}:{number}: {target}", shown(&file));
                if !resolved.starts_with(root) {
                    broken.push(format!("{place}: leaves {}", root.display()));
                    continue;
                }
                if !resolved.exists() {
                    broken.push(format!("{place}: no such file"));
                    continue;
                }
                let is_markdown = resolved.extension().is_some_and(|e| e == "md");
                if let (Some(anchor), true) = (anchor, is_markdown) {
                    if !anchors(&read(&resolved)).contains(anchor) {
                        broken.push(format!("{place}: no heading with that anchor"));
                    }
                }
                if is_markdown && queued.insert(resolved.clone()) {
                    queue.push(resolved);
                }
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_reaches_its_file_and_heading() {
    let mut start = markdown_files_under(&book_src());
    start.push(repo().join("README.md"));
    let broken = broken_links(&repo(), start);
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn a_broken_link_or_anchor_is_found() {
    let dir = fresh_folder("links");
    std::fs::write(dir.join("other.md"), "# Other page\n\n## A `code` heading, with: punctuation\n").unwrap();
    let page = dir.join("page.md");
    std::fs::write(
        &page,
        "[fine](other.md#a-code-heading-with-punctuation) [file](missing.md) [anchor](other.md#nowhere)\n\
         `[in code](ignored.md)`\n```\n[in a block](ignored.md)\n```\n",
    )
    .unwrap();
    let broken = broken_links(&dir, vec![page]);
    assert_eq!(broken.len(), 2, "{broken:#?}");
    assert!(broken[0].ends_with("missing.md: no such file"), "{broken:#?}");
    assert!(broken[1].ends_with("other.md#nowhere: no heading with that anchor"), "{broken:#?}");
}

#[test]
fn every_chapter_is_in_the_summary() {
    let src = book_src();
    let summary = read(&src.join("SUMMARY.md"));
    let listed: HashSet<PathBuf> = summary
        .lines()
        .flat_map(link_targets)
        .map(|target| normalize(&src.join(target.split('#').next().unwrap())))
        .collect();
    let files = markdown_files_under(&src);
    // A file pulled into a chapter with `{{#include FILE}}` is part of that chapter, not a chapter.
    let included: HashSet<PathBuf> = files
        .iter()
        .flat_map(|chapter| {
            let dir = chapter.parent().unwrap().to_path_buf();
            let text = read(chapter);
            text.split("{{#include ")
                .skip(1)
                .filter_map(|rest| rest.find("}}").map(|end| normalize(&dir.join(rest[..end].trim()))))
                .collect::<Vec<_>>()
        })
        .collect();
    let unlisted: Vec<String> = files
        .into_iter()
        .filter(|file| !file.ends_with("SUMMARY.md") && !listed.contains(file) && !included.contains(file))
        .map(|file| shown(&file))
        .collect();
    assert!(unlisted.is_empty(), "chapters missing from docs/book/src/SUMMARY.md: {unlisted:?}");
}

/// Splits a command line into words as a POSIX shell does for plain words and quotes (no expansions).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => words.extend(word.take()),
            '\'' => word.get_or_insert_default().extend(chars.by_ref().take_while(|&c| c != '\'')),
            '"' => {
                let word = word.get_or_insert_default();
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        c => word.push(c),
                    }
                }
            }
            '\\' => word.get_or_insert_default().extend(chars.next()),
            c => word.get_or_insert_default().push(c),
        }
    }
    words.extend(word);
    words
}

/// The book's runnable commands, block by block, each with the chapter it is in.
fn runnable_commands() -> Vec<(PathBuf, Vec<Vec<String>>)> {
    let mut found = Vec::new();
    for chapter in markdown_files_under(&book_src()) {
        let text = read(&chapter);
        for block in split_fences(&text).1.into_iter().filter(|b| b.info == "console") {
            let commands: Vec<Vec<String>> = block
                .lines
                .iter()
                .filter_map(|line| line.trim_start().strip_prefix("$ plunder "))
                .map(shell_words)
                .collect();
            if !commands.is_empty() {
                found.push((chapter.clone(), commands));
            }
        }
    }
    found
}

fn fresh_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plunder-book-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The folder where the book's options files are, as the book names it from the repository's folder.
const EXAMPLES: &str = "docs/book/src/designing/examples";

/// Copies `from` into `to`, folders and all.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Runs `plunder ARGS` in `dir` with no keyboard; `Err` says how it failed, with its output.
fn run_plunder(args: &[String], dir: &Path) -> Result<(), String> {
    let (stdout, stderr) = (dir.join("stdout.txt"), dir.join("stderr.txt"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_plunder"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(File::create(&stdout).unwrap())
        .stderr(File::create(&stderr).unwrap())
        .spawn()
        .map_err(|e| e.to_string())?;
    let deadline = Instant::now() + COMMAND_TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = || {
        let tail = |path: &Path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            text.lines().rev().take(15).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n")
        };
        format!("stdout ends:\n{}\nstderr ends:\n{}", tail(&stdout), tail(&stderr))
    };
    match status {
        Some(status) if status.success() => Ok(()),
        Some(status) => Err(format!("{status}\n{}", output())),
        None => Err(format!("still running after {COMMAND_TIMEOUT:?}\n{}", output())),
    }
}

#[test]
fn the_books_runnable_commands_succeed() {
    let blocks = runnable_commands();
    let count: usize = blocks.iter().map(|(_, commands)| commands.len()).sum();
    assert!(count >= 10, "the book marks {count} commands runnable: is the ```console convention still used?");
    // Blocks are independent, so they run side by side; a block's lines run in order.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = blocks
            .iter()
            .enumerate()
            .map(|(index, (chapter, commands))| {
                scope.spawn(move || {
                    let dir = fresh_folder(&format!("block{index}"));
                    // `--options @docs/...` reads as in the repository's folder, and nothing is written there.
                    copy_folder(&repo().join(EXAMPLES), &dir.join(EXAMPLES));
                    let failure = commands.iter().find_map(|args| {
                        let why = run_plunder(args, &dir).err()?;
                        Some(format!("{}: plunder {}: {why}", shown(chapter), args.join(" ")))
                    });
                    let _ = std::fs::remove_dir_all(&dir);
                    failure
                })
            })
            .collect();
        runs.into_iter().filter_map(|run| run.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every example options file, `docs/book/src/designing/examples/GAME/NAME.json`, is accepted by its game: a
/// quick simulation with `--options @FILE` succeeds.
#[test]
fn the_books_content_examples_are_accepted() {
    let root = repo().join(EXAMPLES);
    let mut checked = 0;
    for game in std::fs::read_dir(&root).unwrap_or_else(|e| panic!("{}: {e}", root.display())) {
        let game = game.unwrap().path();
        if !game.is_dir() {
            continue;
        }
        let id = game.file_name().unwrap().to_string_lossy().to_string();
        for file in std::fs::read_dir(&game).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let dir = fresh_folder(&format!("example-{id}-{}", file.file_stem().unwrap().to_string_lossy()));
            let options = format!("@{}", file.display());
            let args =
                ["simulate", "--game", &id, "--games", "2", "--seed", "1", "--options", &options].map(String::from);
            let result = run_plunder(&args, &dir);
            let _ = std::fs::remove_dir_all(&dir);
            result.unwrap_or_else(|why| panic!("{} as options of {id}: {why}", shown(&file)));
            checked += 1;
        }
    }
    assert!(checked > 0, "no example options under {}", shown(&root));
}

#[test]
fn a_failing_command_is_reported() {
    let dir = fresh_folder("failing");
    let failure = run_plunder(&shell_words("simulate --game no-such-game --games 1"), &dir);
    assert!(failure.is_err(), "an unknown game fails");
    assert_eq!(
        shell_words(r#"play liars-dice --options '{"dice": 2}' --seats "odds,random" a\ b"#),
        ["play", "liars-dice", "--options", r#"{"dice": 2}"#, "--seats", "odds,random", "a b"]
    );
}

#[test]
fn the_readme_is_short_and_names_the_ci_test_command() {
    let readme = read(&repo().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines < README_MAX_LINES,
        "README.md has {lines} lines; keep it under {README_MAX_LINES} (move detail into the book)"
    );
    let ci = read(&repo().join(".ci/run"));
    let ci_command = ci
        .lines()
        .skip_while(|line| !line.contains("Keep in step with README.md"))
        .find(|line| !line.trim_start().starts_with('#'))
        .expect(".ci/run runs the README's test command after its \"Keep in step\" comment")
        .split_whitespace()
        // CI may set variables for the command (`PLUNDER_REQUIRE_PYTHON=1 cargo test ...`): the command is the rest.
        .skip_while(|word| word.contains('='))
        .collect::<Vec<_>>()
        .join(" ");
    let readme_command = readme
        .lines()
        .skip_while(|line| !line.contains("Run every test"))
        .find(|line| line.contains("cargo test"))
        .expect("README.md says how to \"Run every test\"")
        .trim();
    assert_eq!(readme_command, ci_command, "README.md's test command and .ci/run's");
}
