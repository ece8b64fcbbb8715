//! Compiles tdoku's fastest solver, which `src/tdoku.rs` calls, from the checkout named by
//! `TDOKU_DIR` (see `../shared/peers/tdoku/README.md` for getting one), with `-O3 -march=native`
//! and the C++ compiler in `CXX` (`clang++` gives tdoku's fastest build), and sets
//! `cfg(tdoku_linked)`. Without `TDOKU_DIR` it compiles nothing, and the crate reports that tdoku
//! is not linked.

use std::env;
use std::path::PathBuf;

/// tdoku's sources that its solver `TdokuSolverDpllTriadSimd` needs, under `src/`.
const SOURCES: [&str; 2] = ["solver_dpll_triad_simd.cc", "util.cc"];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(tdoku_linked)");
    println!("cargo::rerun-if-env-changed=TDOKU_DIR");
    println!("cargo::rerun-if-env-changed=CXX");
    let Some(dir) = env::var_os("TDOKU_DIR") else {
        return;
    };
    let src = PathBuf::from(dir).join("src");
    let files: Vec<PathBuf> = SOURCES.iter().map(|name| src.join(name)).collect();
    for file in &files {
        if !file.is_file() {
            panic!(
                "TDOKU_DIR: {} is missing; TDOKU_DIR must name a checkout of t-dillon/tdoku \
                 (see ../shared/peers/tdoku/README.md)",
                file.display()
            );
        }
        println!("cargo::rerun-if-changed={}", file.display());
    }
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .opt_level(3)
        .flag("-march=native")
        .include(&src)
        .files(&files)
        .warnings(false)
        .compile("tdoku");
    println!("cargo::rustc-cfg=tdoku_linked");
}
