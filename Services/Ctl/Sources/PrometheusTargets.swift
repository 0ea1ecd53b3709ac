import ArgumentParser
import Foundation

/// `gymctl prometheus-targets`: the metrics endpoints of a platform started with
/// `gymctl up`, as a Prometheus file_sd targets file, each with its `service` label (what
/// deploy/prometheus's rules and the Grafana dashboard group by). From the manifest, so a
/// new service is scraped without editing a list.
struct PrometheusTargets: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prometheus-targets",
    abstract: "Print the metrics targets of a `gymctl up` platform for Prometheus (file_sd YAML).",
    discussion: "e.g. gymctl prometheus-targets > deploy/prometheus/targets/local.yml")

  @Option(help: "Base port the platform was started on (metrics are on each service's port + 2000).")
  var basePort = 7000

  @Option(help: "Host Prometheus reaches the processes on.")
  var host = "127.0.0.1"

  func run() throws {
    let layout = StackLayout(basePort: basePort)
    var text = "# gymctl up --base-port \(basePort): one target per process.\n"
    for service in ManagedService.all {
      text += "- targets: [\"\(host):\(layout.basePort + service.portOffset + layout.metricsOffset)\"]\n"
      text += "  labels: {service: \(service.name)}\n"
    }
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
