//! `losslab`: the native command line of the LossLab simulator. The whole command line is the
//! library module [`sim_core::cli`] (so the Python wheel ships the same command); this is its
//! entry point.

fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(sim_core::cli::main(std::env::args_os()))
}
