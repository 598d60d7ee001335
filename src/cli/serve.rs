//! `tabula serve`: the web board (see the library's `serve` module).

use super::CliError;
use tabula::serve::{Server, Settings};

#[derive(clap::Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: the default serves this machine only; `0.0.0.0` serves the
    /// network.
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    /// Where games are stored as they are played; a restarted server resumes them.
    #[arg(long, default_value = "tabula-data")]
    data: std::path::PathBuf,
    /// Requests one address may make per second, on average (a flood beyond it is refused).
    #[arg(long, default_value_t = 50.0)]
    rate: f64,
}

pub fn serve(args: ServeArgs) -> super::CliResult {
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        return Err(CliError::usage(
            "`--rate` must be a number of requests above 0",
        ));
    }
    let settings = Settings {
        data: args.data,
        requests_per_second: args.rate,
        burst: (args.rate * 4.0).max(20.0),
    };
    let server = Server::new(settings, tabula::Catalog::default()).map_err(CliError::input)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::input(format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host, args.port))
            .await
            .map_err(|e| {
                CliError::input(format!("cannot listen on {}:{}: {e}", args.host, args.port))
            })?;
        let address = listener
            .local_addr()
            .map_err(|e| CliError::input(e.to_string()))?;
        outln!("serving on http://{address}/ (Ctrl-C stops)");
        tabula::serve::serve(server, listener)
            .await
            .map_err(|e| CliError::input(format!("the server stopped: {e}")))
    })
}
