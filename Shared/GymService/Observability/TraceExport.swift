import GymStore
import Logging
import OTel
import ServiceLifecycle
import Tracing

/// Traces leave a process over OTLP/gRPC when GYM_OTLP_ENDPOINT names a receiver (an
/// OpenTelemetry Collector, Jaeger, Tempo…); off by default. The standard `OTEL_*`
/// variables tune the exporter further (e.g. `OTEL_BSP_SCHEDULE_DELAY`,
/// `OTEL_TRACES_SAMPLER`).
enum TraceExport {
  /// Bootstraps the tracer and returns the exporter's lifecycle service (nil when off):
  /// run it first in the group so that it stops last and sends the final spans.
  static func bootstrap(process: String, endpoint: String, logger: Logger) throws -> (any Service)? {
    guard !endpoint.isEmpty else { return nil }
    guard endpoint.hasPrefix("http://") || endpoint.hasPrefix("https://") else {
      throw ConfigError(
        "GYM_OTLP_ENDPOINT=\(endpoint) must be the http:// (or https://) URL of an OTLP/gRPC receiver, e.g. http://otel-collector:4317")
    }
    var configuration = OTel.Configuration.default
    configuration.serviceName = process
    configuration.diagnosticLogger = .custom(logger)
    configuration.traces.otlpExporter.endpoint = endpoint
    configuration.traces.otlpExporter.protocol = .grpc
    configuration.metrics.enabled = false
    configuration.logs.enabled = false
    let backend = try OTel.makeTracingBackend(configuration: configuration)
    InstrumentationSystem.bootstrap(backend.factory)
    TraceContext.enable()
    return backend.service
  }
}
