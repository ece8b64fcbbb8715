//! `cargo bundle`: print or write the single-file judge submission of a problem.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use bundler::workspace::{bundle_problem, known_problems, resolve, root};
use bundler::Layout;
use clap::Parser;

/// Print the single-file submission of one problem, or write every problem's into a folder.
#[derive(Parser, Debug)]
#[command(name = "cargo bundle", version)]
struct Args {
    /// The problem to bundle: its id, such as boj-2580, or the problem part of one, such as 2580.
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    id: Option<String>,
    /// Bundle every problem (needs --out).
    #[arg(long, requires = "out")]
    all: bool,
    /// Write `<id>.rs` files into this folder instead of printing.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {}", message);
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let root = root();
    let ids = match &args.id {
        Some(name) => vec![resolve(&root, name).map_err(|e| e.to_string())?],
        None => known_problems(&root).map_err(|e| e.to_string())?,
    };
    for id in &ids {
        let bundle = bundle_problem(&root, id).map_err(|e| e.to_string())?;
        let text = &bundle.text;
        if !bundle.fits() {
            eprintln!(
                "warning: the {} bundle is {} bytes even laid out compactly, over its judge's limit of {} bytes",
                id,
                text.len(),
                bundle.source_limit
            );
        } else if bundle.layout == Layout::Compact {
            eprintln!(
                "note: the {} bundle is laid out compactly to fit its judge's limit of {} bytes",
                id, bundle.source_limit
            );
        }
        match &args.out {
            None => print!("{}", text),
            Some(dir) => {
                fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
                let path = dir.join(format!("{}.rs", id));
                fs::write(&path, text)
                    .map_err(|e| format!("cannot write {}: {}", path.display(), e))?;
                eprintln!("wrote {} ({} bytes)", path.display(), text.len());
            }
        }
    }
    Ok(())
}
