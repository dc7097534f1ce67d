//! The house rules of the source tree, checked on the files themselves: small files, a thin
//! binary, typed errors, a `//!` paragraph on every file, no import circle between the top-level
//! modules of `src/` (read from every `crate::` path of every file), and no module that imports,
//! directly or through others, a module that imports it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    out.sort();
    out
}

/// The text before the unit tests of a file.
fn without_tests(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests").map_or(text, |i| &text[..i])
}

#[test]
fn files_are_small_and_say_what_they_own() {
    for dir in ["src", "crates/unwinnability/src"] {
        for (path, text) in sources(&root().join(dir)) {
            let lines = text.lines().count();
            assert!(lines <= 600, "{} has {lines} lines", path.display());
            let first = text.lines().find(|l| !l.starts_with("#!")).unwrap_or("");
            assert!(first.starts_with("//!"), "{} does not start with a //! paragraph", path.display());
        }
    }
    let main = std::fs::read_to_string(root().join("src/main.rs")).unwrap();
    assert!(main.lines().count() <= 150, "src/main.rs has {} lines", main.lines().count());
}

#[test]
fn errors_are_typed() {
    for (path, text) in sources(&root().join("src")) {
        let code = without_tests(&text).replace(char::is_whitespace, "");
        for (i, _) in code.match_indices("String>") {
            let before = &code[..i];
            let open = before.rfind("Result<").unwrap_or(0);
            // `Result<T, String>`: a comma at the outermost level of the Result, right before.
            let inner = &before[open..];
            if inner.contains([';', '{', '(', ')']) {
                continue;
            }
            let depth = inner.chars().fold(0i32, |d, c| d + i32::from(c == '<') - i32::from(c == '>'));
            assert!(!(depth == 1 && inner.ends_with(',')), "{} returns an error as a String", path.display());
        }
        assert!(!code.contains("typeErr=String;"), "{} parses with a String error", path.display());
    }
}

/// The module a file is (`repl::session` for `src/repl/session.rs`).
fn module_of(path: &Path) -> String {
    let relative = path.strip_prefix(root().join("src")).unwrap().with_extension("");
    let parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let parts: Vec<&str> = parts.iter().map(String::as_str).filter(|p| !matches!(*p, "mod" | "lib" | "main")).collect();
    parts.join("::")
}

/// The modules of the crate that `text`, in module `module`, refers to by path.
fn references(module: &str, text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let parent = module.rsplit_once("::").map_or("", |(p, _)| p);
    let mut found = BTreeSet::new();
    for (base, start) in [("super::", parent), ("crate::", "")] {
        for (i, _) in without_tests(text).match_indices(base) {
            let rest = &text[i + base.len()..];
            // A path, or a group `{a, b::c}` of paths.
            let group = match rest.strip_prefix('{') {
                Some(g) => &g[..g.find('}').unwrap_or(g.len())],
                None => &rest[..rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(0)],
            };
            for item in group.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let path = if start.is_empty() { item.to_string() } else { format!("{start}::{item}") };
                let parts: Vec<&str> = path.split("::").collect();
                let target = (1..=parts.len()).rev().map(|k| parts[..k].join("::")).find(|m| modules.contains(m));
                if let Some(target) = target {
                    let related = target == module || target == parent || module.starts_with(&format!("{target}::"));
                    if !related && !target.is_empty() {
                        found.insert(target);
                    }
                }
            }
        }
    }
    found
}

#[test]
fn no_module_imports_a_module_that_imports_it() {
    let files = sources(&root().join("src"));
    let modules: BTreeSet<String> = files.iter().map(|(p, _)| module_of(p)).collect();
    let graph: BTreeMap<String, BTreeSet<String>> =
        files.iter().map(|(p, text)| (module_of(p), references(&module_of(p), text, &modules))).collect();
    assert!(
        graph["session::duties::draw"].contains("session::duties::announce"),
        "the reader of imports finds nothing"
    );
    for (from, targets) in &graph {
        for to in targets {
            // Is there a way back from `to` to `from`?
            let mut seen = BTreeSet::new();
            let mut pending = vec![to.clone()];
            while let Some(m) = pending.pop() {
                if &m == from {
                    panic!("{from} imports {to}, which leads back to {from}");
                }
                if seen.insert(m.clone()) {
                    pending.extend(graph.get(&m).into_iter().flatten().cloned());
                }
            }
        }
    }
}

/// The top-level module a file of `src/` belongs to: its folder, or the file itself.
fn top_level(path: &Path) -> String {
    let relative = path.strip_prefix(root().join("src")).unwrap();
    let first = relative.iter().next().unwrap().to_string_lossy().into_owned();
    first.trim_end_matches(".rs").to_string()
}

/// The top-level modules that `text` names by a `crate::` path (one path, or a group
/// `crate::{a, b::c}`), comments and unit tests aside.
fn top_level_references(text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let code: String =
        without_tests(text).lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let mut found = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        let names: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group[..group.find('}').unwrap_or(group.len())]
                .split(',')
                .map(|item| item.trim().split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or(""))
                .collect(),
            None => vec![&rest[..rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len())]],
        };
        found.extend(names.into_iter().filter(|n| modules.contains(*n)).map(String::from));
    }
    found
}

/// The strongly connected groups of more than one module (Tarjan's algorithm).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let low = self.low[w.as_str()].min(self.low[v]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w.as_str()) {
                    let low = self.index[w.as_str()].min(self.low[v]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let at = self.stack.iter().position(|m| *m == v).unwrap();
                let group: Vec<String> = self.stack.drain(at..).map(String::from).collect();
                if group.len() > 1 {
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

/// The layers are true: no two top-level modules of `src/` import each other, directly or through
/// others, as read from every `crate::` path in every file (not only the `mod.rs` files).
#[test]
fn no_import_circle_between_top_level_modules() {
    let files = sources(&root().join("src"));
    let modules: BTreeSet<String> =
        files.iter().map(|(p, _)| top_level(p)).filter(|m| m != "lib" && m != "main").collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for (path, text) in &files {
        let from = top_level(path);
        if let Some(targets) = graph.get_mut(&from) {
            targets.extend(top_level_references(text, &modules).into_iter().filter(|m| *m != from));
        }
    }
    assert!(graph["config"].contains("rules"), "the reader of imports finds nothing");
    let found = circles(&graph);
    let named: Vec<String> = found
        .iter()
        .map(|group| {
            let pairs: Vec<String> = group
                .iter()
                .flat_map(|a| graph[a].iter().filter(|b| group.contains(b)).map(move |b| format!("{a} -> {b}")))
                .collect();
            format!("{}: {}", group.join(", "), pairs.join(", "))
        })
        .collect();
    assert!(named.is_empty(), "import circles between top-level modules:\n{}", named.join("\n"));
}

#[test]
fn the_circle_finder_finds_a_circle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [("a", &["b"][..]), ("b", &["c"]), ("c", &["a"]), ("d", &["a"])]
        .into_iter()
        .map(|(m, to)| (m.to_string(), to.iter().map(|t| t.to_string()).collect()))
        .collect();
    let found = circles(&graph);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].iter().collect::<BTreeSet<_>>(),
        ["a", "b", "c"].iter().map(|s| s.to_string()).collect::<BTreeSet<_>>().iter().collect()
    );
}

/// No folder of `src/` holds more than 15 source files directly: a folder that grows further is
/// split into rooms of its own.
#[test]
fn no_folder_of_src_holds_more_than_fifteen_files() {
    let mut folders: BTreeMap<PathBuf, usize> = BTreeMap::new();
    for (path, _) in sources(&root().join("src")) {
        *folders.entry(path.parent().unwrap().to_path_buf()).or_default() += 1;
    }
    let crowded: Vec<String> =
        folders.iter().filter(|(_, n)| **n > 15).map(|(d, n)| format!("{}: {n}", d.display())).collect();
    assert!(crowded.is_empty(), "folders with more than 15 files: {crowded:?}");
}

/// The session is made of parts that own their state: `impl Session` stands in at most three
/// files, and neither the session nor any of its parts has a field visible outside it.
#[test]
fn the_session_is_made_of_parts_that_own_their_state() {
    let files = sources(&root().join("src"));
    let implementing: Vec<&PathBuf> = files
        .iter()
        .filter(|(_, text)| {
            without_tests(text).lines().any(|l| {
                let l = l.trim_start();
                l.starts_with("impl Session ") || l.starts_with("impl Session{")
            })
        })
        .map(|(p, _)| p)
        .collect();
    assert!(!implementing.is_empty(), "the reader of impl blocks finds nothing");
    assert!(implementing.len() <= 3, "impl Session in {} files: {implementing:?}", implementing.len());
    let session = root().join("src/session");
    for (path, text) in
        files.iter().filter(|(p, _)| *p == session.join("mod.rs") || p.starts_with(session.join("parts")))
    {
        let mut in_struct = false;
        for line in without_tests(text).lines() {
            if line.starts_with("pub struct ") && line.ends_with('{') {
                in_struct = true;
            } else if line == "}" {
                in_struct = false;
            } else if in_struct {
                let field = line.trim_start();
                assert!(!field.starts_with("pub"), "{}: a field visible outside: {field}", path.display());
            }
        }
    }
}

/// The functions outside `src/session/mod.rs` that take the whole session (`&Session` or `&mut
/// Session`), by file and name, in the code a reader sees (unit tests aside).
fn whole_session_takers() -> Vec<String> {
    let mod_rs = root().join("src/session/mod.rs");
    let mut found = Vec::new();
    for (path, text) in sources(&root().join("src")).iter().filter(|(p, _)| *p != mod_rs) {
        let code = without_tests(text);
        let mut rest = code;
        while let Some(at) = rest.find("fn ") {
            rest = &rest[at + 3..];
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let Some(open) = rest.find('(') else { break };
            let close = rest[open..].find(')').map_or(rest.len(), |c| open + c);
            let params = &rest[open..close];
            let takes = params.split(',').any(|p| {
                let ty = p.split(':').nth(1).unwrap_or("").trim();
                ty == "&Session" || ty == "&mut Session"
            });
            if takes {
                found.push(format!("{}::{name}", path.strip_prefix(root()).unwrap().display()));
            }
        }
    }
    found
}

/// Duties take the parts they read and change, not the session: at most twenty functions outside
/// `src/session/mod.rs` take the whole session, each a router (of a line, a question, a move
/// played or taken back, a device's news), never a duty of one part.
#[test]
fn duties_take_the_parts_they_use() {
    let takers = whole_session_takers();
    assert!(!takers.is_empty(), "the reader of signatures finds nothing");
    assert!(takers.len() <= 20, "{} functions take the whole session:\n{}", takers.len(), takers.join("\n"));
    let queries: Vec<&String> = takers.iter().filter(|t| t.contains("duties/queries.rs")).collect();
    assert!(queries.is_empty(), "questions about the board take the game and the words: {queries:?}");
}

/// The session's time, the clock's talk and the making of a response are `Session::apply`'s
/// alone; the settings in force change through one method (`Settings::change`).
#[test]
fn apply_alone_sets_the_time_and_makes_the_response() {
    let mod_rs = root().join("src/session/mod.rs");
    let files = sources(&root().join("src/session"));
    for (path, text) in files.iter().filter(|(p, _)| *p != mod_rs) {
        let code = without_tests(text);
        for only_apply in [".advance_to(", ".set_now(", "clock_events(&mut self", ".respond("] {
            assert!(!code.contains(only_apply), "{}: {only_apply} belongs to Session::apply", path.display());
        }
        for line in code.lines() {
            let line = line.trim();
            let assigns = line.starts_with("settings.") || line.starts_with("s.settings.");
            assert!(
                !(assigns && line.contains(" = ")),
                "{}: a setting changed without Settings::change: {line}",
                path.display()
            );
        }
    }
    let timekeeper = &files.iter().find(|(p, _)| p.ends_with("parts/timekeeper.rs")).unwrap().1;
    assert!(timekeeper.contains("pub fn advance_to("), "the reader of the clock part finds nothing");
}
