//! The house rules of the source tree, checked on the files themselves: small files, a thin
//! binary, typed errors, a `//!` paragraph on every file, and no module that imports, directly
//! or through others, a module that imports it.

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
    assert!(graph["repl::session"].contains("repl::command"), "the reader of imports finds nothing");
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
