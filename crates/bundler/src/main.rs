//! `cargo bundle`: print or write the single-file judge submission of a problem.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use bundler::workspace::{bundle_problem, bundle_problem_in, known_problems, resolve, root};
use bundler::Layout;
use clap::{Parser, ValueEnum};

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
    /// How to lay the code out: readable where that fits the judge's source limit, otherwise
    /// compact (auto), or always one of the two.
    #[arg(long, value_enum, default_value_t = LayoutChoice::Auto)]
    layout: LayoutChoice,
}

/// The `--layout` values.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
enum LayoutChoice {
    Auto,
    Readable,
    Compact,
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
        let bundle = match args.layout {
            LayoutChoice::Auto => bundle_problem(&root, id),
            LayoutChoice::Readable => bundle_problem_in(&root, id, Layout::Readable),
            LayoutChoice::Compact => bundle_problem_in(&root, id, Layout::Compact),
        }
        .map_err(|e| e.to_string())?;
        let text = &bundle.text;
        if !bundle.fits() {
            eprintln!(
                "warning: the {} bundle is {} bytes laid out {}, over its judge's limit of {} bytes",
                id,
                text.len(),
                if bundle.layout == Layout::Compact { "compactly" } else { "readably" },
                bundle.source_limit
            );
        } else if bundle.layout == Layout::Compact && args.layout == LayoutChoice::Auto {
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
