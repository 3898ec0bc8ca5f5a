//! The command line's one definition (clap derive, docs/design.md §D5): `--help`, `-V/--version`, shell
//! completions (`losslab completions SHELL`) and the man pages (`losslab man [COMMAND]`) are all
//! generated from these structs, so they cannot disagree.
//!
//! Conventions: `--opt value` and `--opt=value`; `-` as an input file reads stdin and as an
//! output file writes stdout; a mistyped flag gets clap's "a similar argument exists" hint; usage
//! errors exit 2, `--help` and `--version` print to stdout and exit 0.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// The version line, `0.1.0 (commit 0123456789ab)` or just `0.1.0`: `build.rs` sets
/// `LOSSLAB_GIT_COMMIT` from `git rev-parse --short=12 HEAD` (or passes through a variable of that
/// name set by whoever builds, e.g. from a source tarball without `.git`).
pub const LONG_VERSION: &str = env!("LOSSLAB_VERSION_LINE");

/// The git commit the binary was built from, if the build knew it.
pub fn commit() -> Option<&'static str> {
    option_env!("LOSSLAB_GIT_COMMIT").filter(|c| !c.is_empty())
}

const AFTER_HELP: &str = "\
Exit status: 0 success; 1 internal error (a run or a write failed); 2 invalid input or usage
(every problem on stderr, one per line, with its JSON path).

Documentation: docs/csv.md (every CSV column), docs/cluster.md (Slurm, GNU parallel),
content/sweeps/README.md (sweep files).";

/// LossLab: a deterministic packet-level simulator of TCP over lossy links.
#[derive(Parser, Debug)]
#[command(
    name = "losslab",
    version = LONG_VERSION,
    about,
    after_help = AFTER_HELP,
    arg_required_else_help = true,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
    /// Memory budget of one run, in MiB (default 2048; never more than half of `ulimit -v`);
    /// runs estimated above it are refused before they start (docs/limits.md).
    #[arg(long, global = true, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_memory_mb: Option<u64>,
    /// Work budget in simulator events, raised or lowered: of one run for `run` and `validate`
    /// (default 3e9), of all the runs together (and each of them) for `sweep` and `reproduce`
    /// (default 1e12); work estimated above it is refused before it starts (docs/limits.md).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_events: Option<u64>,
}

/// Every command.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run one scenario: a summary table on stdout, CSV files on request.
    #[command(after_help = "\
Examples:
  losslab run content/scenarios/gb04-s1-1mbps-10ms.json
  losslab run sc.json --summary=summary.csv --series series.csv
  losslab run sc.json --seed 7 --set topology.bottleneck.errors.ber=1e-5
  losslab run sc.json --set 'flows[0].tcp.cc=reno' --set flows[0].bytes=100000
  cat sc.json | losslab run - --summary - | column -ts,

With an output file `-`, that CSV goes to stdout instead of the table.")]
    Run(RunArgs),
    /// Run a sweep: every point × replication, an aggregate CSV and/or the raw per-run values.
    #[command(after_help = "\
Examples:
  losslab sweep content/sweeps/gb04-fig4-ber.json --out fig4.csv
  losslab sweep f.json --out=agg.csv --raw runs.csv --jobs 4
  losslab sweep f.json --shard 2/4 --raw part-2.csv     # a quarter of the runs
  losslab aggregate part-*.csv --out agg.csv             # the same bytes as an unsharded --out

Every file written gets a `<file>.meta.json` sidecar (version, commit, argv, shard, seeds,
SHA-256 of the sweep). See docs/csv.md and docs/cluster.md.")]
    Sweep(SweepArgs),
    /// Merge raw sweep files (shards) into the aggregate CSV, byte-identical to `sweep --out`.
    #[command(after_help = "\
Examples:
  losslab aggregate part-1.csv part-2.csv part-3.csv --out agg.csv
  losslab sweep f.json --raw - | losslab aggregate - --out -   # a pipeline

Checks that the shards do not overlap and, with their .meta.json sidecars, that none is missing.")]
    Aggregate(AggregateArgs),
    /// Re-run the papers' figures, check their claims and write a report.
    #[command(after_help = "\
Examples:
  losslab reproduce --out report/                      # every content/reproductions/**/*.json
  losslab reproduce --paper gb04 --figure fig4 --replications 2 --out /tmp/r")]
    Reproduce(ReproduceArgs),
    /// Check scenario, sweep and reproduction files without running them.
    #[command(after_help = "\
Examples:
  losslab validate content/scenarios/*.json content/sweeps/*.json
  losslab validate content/reproductions/*/*.json
  cat sc.json | losslab validate -")]
    Validate(ValidateArgs),
    /// Time the four benchmark workloads (build with --release).
    #[command(after_help = "Examples:\n  losslab bench --quick --only w1,w3 --json")]
    Bench(BenchArgs),
    /// List every variant, classifier, queue, error model and TCP option with its knobs.
    #[command(
        after_help = "Examples:\n  losslab catalog | less\n  losslab catalog --json | jq '.variants[].id'"
    )]
    Catalog(CatalogArgs),
    /// Fit a bursty-loss (Gilbert–Elliott) model to a measured loss trace, with 95 % intervals.
    #[command(after_help = "\
Examples:
  losslab fit-ge losses.csv            # a CSV with a `lost` column (0/1 per packet, in order)
  losslab fit-ge losses.csv --json | jq .errors

The trace is one outcome per packet, in the order sent: a CSV whose header names a `lost` column
(other columns are ignored), or one 0/1 per line. Prints the maximum-likelihood mean_loss and
mean_burst_pkts with 95 % intervals, a likelihood-ratio check against independent losses, and an
`errors` object for a scenario's link. See docs/traces.md.")]
    FitGe(FitGeArgs),
    /// Print the version (and git commit, if known at build time).
    Version,
    /// Print a shell completion script.
    #[command(after_help = "\
Examples:
  losslab completions bash > ~/.local/share/bash-completion/completions/losslab
  losslab completions zsh  > ~/.zfunc/_losslab
  losslab completions fish > ~/.config/fish/completions/losslab.fish")]
    Completions {
        /// The shell.
        shell: Shell,
    },
    /// Print the man page (roff) of losslab or of one command.
    #[command(
        after_help = "Examples:\n  losslab man > losslab.1 && man ./losslab.1\n  losslab man sweep > losslab-sweep.1"
    )]
    Man {
        /// A command; without it, the page of losslab itself.
        command: Option<String>,
    },
}

/// Shells with completion scripts.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum Shell {
    /// GNU bash.
    Bash,
    /// Z shell.
    Zsh,
    /// fish.
    Fish,
    /// PowerShell.
    Powershell,
    /// Elvish.
    Elvish,
}

/// `losslab run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The scenario file (`-` reads stdin).
    pub scenario: String,
    /// Write the summary CSV (one row per flow) here (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub summary: Option<String>,
    /// Write the time-series CSV here (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub series: Option<String>,
    /// Write the packet-trace CSV here (turns on observe.trace; `-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<String>,
    /// Print the summary as JSON instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Replace the scenario's seed (a whole number from 0 to 2^53 − 1).
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// Set a scenario value, as a sweep's `vary` path: `PATH=VALUE`, the value JSON or else a
    /// bare string (`flows[0].tcp.cc=reno`, `topology.bottleneck.errors.ber=1e-5`). Repeatable.
    #[arg(long = "set", value_name = "PATH=VALUE")]
    pub set: Vec<String>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `I/N`, 1 ≤ I ≤ N.
/// `--seed N`, checked by [`crate::arguments::seed`]: the words Python and npm give for the
/// same value ("seed: must be a whole number (got 1.5)").
pub fn parse_seed(s: &str) -> Result<u64, String> {
    use crate::arguments::{seed, Given};
    match s.trim().parse::<f64>() {
        Ok(x) => seed(Given::Number(x)),
        Err(_) => seed(Given::Other("text that is not a number")),
    }
}

pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let parsed = s.split_once('/').and_then(|(i, n)| {
        Some((
            i.trim().parse::<usize>().ok()?,
            n.trim().parse::<usize>().ok()?,
        ))
    });
    match parsed {
        Some((i, n)) if n >= 1 && (1..=n).contains(&i) => Ok((i, n)),
        _ => Err(format!(
            "expected I/N with 1 ≤ I ≤ N, e.g. 2/4 (got \"{s}\")"
        )),
    }
}

/// `losslab sweep`.
#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("outputs").required(true).multiple(true).args(["out", "raw", "scoreboard"]))]
pub struct SweepArgs {
    /// The sweep file (`-` reads stdin; a `base` id is then looked up from the current folder).
    pub sweep: String,
    /// Write the aggregate CSV (mean, sd, CI per point, entity and metric) here (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Write the raw CSV (one row per point, replication, entity and metric) here (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub raw: Option<String>,
    /// Write the scoreboard CSV here (`-`: stdout): the sweep file's `scoreboard`, one line per
    /// value of its `by` path, ranked by score. Needs every point, so no shard.
    #[arg(long, value_name = "FILE")]
    pub scoreboard: Option<String>,
    /// Threads (default and at most: the cores available).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: Option<u64>,
    /// Run only shard I of N: by point when `--out` is written (each shard's statistics are
    /// complete), by run (point × replication) when only `--raw` is. Without it,
    /// SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT (and SLURM_ARRAY_TASK_MIN) decide.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Most megabytes (MiB) of CSV the sweep may write, raw and aggregate together (default 1024;
    /// docs/limits.md).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_output_mb: Option<u64>,
}

/// `losslab aggregate`.
#[derive(Args, Debug)]
pub struct AggregateArgs {
    /// Raw files written by `sweep --raw` (`-` reads one from stdin).
    #[arg(required = true, value_name = "RAW")]
    pub files: Vec<String>,
    /// Write the aggregate CSV here (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub out: String,
}

/// `losslab fit-ge`.
#[derive(Args, Debug)]
pub struct FitGeArgs {
    /// The loss trace (`-` reads stdin).
    #[arg(value_name = "TRACE")]
    pub trace: String,
    /// Print the fit as JSON (every estimate with its interval, and the `errors` object).
    #[arg(long)]
    pub json: bool,
}

/// `losslab reproduce`.
#[derive(Args, Debug)]
pub struct ReproduceArgs {
    /// Reproduction files or folders (default: content/reproductions, found upward).
    #[arg(value_name = "FILE_OR_DIR")]
    pub inputs: Vec<String>,
    /// Only this paper's items.
    #[arg(long, value_name = "ID")]
    pub paper: Option<String>,
    /// Only this item (`fig4`, `table1`, …).
    #[arg(long, value_name = "ID")]
    pub figure: Option<String>,
    /// Replications per point instead of each file's.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub replications: Option<u64>,
    /// Threads (default and at most: the cores available).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: Option<u64>,
    /// The report's folder (required).
    #[arg(long, value_name = "DIR")]
    pub out: Option<String>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Most megabytes (MiB) of files the report may write, figures, CSV and time-sequence plots
    /// together (default 1024; docs/limits.md).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_output_mb: Option<u64>,
}

/// `losslab validate`.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Scenario, sweep or reproduction files (a document with a top-level `vary` is a sweep, one
    /// with `paper` and `expect` a reproduction; `-` reads stdin).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
}

/// `losslab bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Shorter workloads.
    #[arg(long)]
    pub quick: bool,
    /// Only these workloads, e.g. w1,w3 (with --scaling: cases, e.g. flows1,flows1000,rate1e10).
    #[arg(long, value_name = "IDS", value_delimiter = ',')]
    pub only: Option<Vec<String>>,
    /// The scaling profile instead of the workloads: events/s and wall time per simulated second
    /// as flows go 1 → 1000 and the link 1 Mbit/s → 10 Gbit/s (docs/performance.md).
    #[arg(long)]
    pub scaling: bool,
    /// Write each workload's runs as scenario JSON to DIR/<id>.json instead of timing them
    /// (with --quick and --only; read by `npm run bench:ns3`).
    #[arg(long, value_name = "DIR", conflicts_with = "scaling")]
    pub scenarios: Option<String>,
}

/// `losslab catalog`.
#[derive(Args, Debug)]
pub struct CatalogArgs {
    /// Print JSON (as the wasm `catalog()` returns it).
    #[arg(long)]
    pub json: bool,
}
