import Foundation
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// What deploy/ ships for monitoring works against the real thing: Debian's Prometheus,
  /// with the shipped configuration and alert rules and the targets `gymctl
  /// prometheus-targets` writes, scrapes every process of a `gymctl up` platform; every
  /// target is up, every rule evaluates, and every query of the Grafana dashboard is
  /// valid PromQL, the platform's own ones returning data.
  @Test func prometheusScrapesEveryProcessAndTheDashboardsQueriesAnswer() async throws {
    let root = Self.repositoryRoot
    // The checks CI runs too: promtool on config and rules, the rules' tests, the schema.
    let (checked, checkOutput) = try await Self.run("/bin/bash", [root + "/scripts/check-monitoring"])
    #expect(checked == 0, "\(checkOutput)")
    let (listed, queryList) = try await Self.run("/bin/bash", [root + "/scripts/check-monitoring", "--queries"])
    try #require(listed == 0, "\(queryList)")
    let queries = queryList.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    #expect(queries.count > 20)

    try await Self.withStack { supervisor, gateway in
      let layout = supervisor.layout
      let directory = try temporaryDirectory("prometheus")
      defer { try? FileManager.default.removeItem(atPath: directory) }
      try FileManager.default.createDirectory(atPath: directory + "/targets", withIntermediateDirectories: true)
      // The shipped files, scraping and evaluating every second instead of every 15 so
      // the test need not wait a quarter of a minute per sample.
      let shipped = try String(contentsOfFile: root + "/deploy/prometheus/prometheus.yml", encoding: .utf8)
      let fast = shipped.replacingOccurrences(of: "scrape_interval: 15s", with: "scrape_interval: 1s")
        .replacingOccurrences(of: "evaluation_interval: 15s", with: "evaluation_interval: 1s")
      #expect(fast != shipped)
      try fast.write(toFile: directory + "/prometheus.yml", atomically: true, encoding: .utf8)
      try FileManager.default.copyItem(atPath: root + "/deploy/prometheus/alerts.yml", toPath: directory + "/alerts.yml")
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let (wrote, targets) = try await Self.run(gymctl, ["prometheus-targets", "--base-port", "\(layout.basePort)"])
      try #require(wrote == 0, "\(targets)")
      try targets.write(toFile: directory + "/targets/gymctl.yml", atomically: true, encoding: .utf8)

      let port = try freePort()
      let prometheus = try ChildProcess(
        "/usr/bin/prometheus",
        [
          "--config.file=\(directory)/prometheus.yml", "--storage.tsdb.path=\(directory)/data",
          "--web.listen-address=127.0.0.1:\(port)",
        ], outputPath: directory + "/prometheus.log")
      defer { Task { await prometheus.kill() } }
      let api = "http://127.0.0.1:\(port)/api/v1"
      func get(_ path: String) async throws -> [String: Any] {
        let response = try await CurlClient.request(http2: false, "GET", api + path)
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return object ?? [:]
      }
      func query(_ promQL: String) async throws -> (status: String, results: [[String: Any]], error: String?) {
        let encoded = promQL.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? promQL
        let answer = try await get("/query?query=\(encoded)")
        let data = answer["data"] as? [String: Any]
        return (answer["status"] as? String ?? "?", data?["result"] as? [[String: Any]] ?? [], answer["error"] as? String)
      }

      // Every process a target, every target up.
      let allUp = try await eventually(within: .seconds(60)) {
        let active = (try? await get("/targets"))?["data"].flatMap { ($0 as? [String: Any])?["activeTargets"] as? [[String: Any]] } ?? []
        return active.count == ManagedService.all.count && active.allSatisfy { $0["health"] as? String == "up" }
      }
      let log = (try? String(contentsOfFile: directory + "/prometheus.log", encoding: .utf8)) ?? ""
      #expect(allUp, "\(log.suffix(2000))")
      let up = try await query(#"up{job="gym"}"#)
      #expect(Set(up.results.compactMap { ($0["metric"] as? [String: String])?["service"] }) == Set(ManagedService.all.map(\.name)))

      // Calls that the counters see: failed sign-ins through the gateway, made while
      // Prometheus scrapes, until a rate over them shows (a rate needs two samples; after
      // a few, the sign-in limit answers them, which counts the same).
      #expect(
        try await eventually(within: .seconds(30)) {
          try await withClient(to: gateway) { client in
            _ = try? await Gym_Auth_V1_AuthService.Client(wrapping: client).login(
              .with {
                $0.identifier = "nobody_here"; $0.password = "wrong password"
              })
          }
          return try await !query(#"sum(rate(grpc_server_handled_total{service="gateway",grpc_method="Login"}[1m])) > 0"#)
            .results.isEmpty
        })

      // Every dashboard query is valid PromQL (Grafana's variables as "All" and a 1 m
      // rate window); the platform's own figures return data. Outboxes are empty here,
      // so their series do not exist yet.
      for promQL in queries {
        let concrete = promQL.replacingOccurrences(of: "$__rate_interval", with: "1m").replacingOccurrences(of: "$service", with: ".*")
        let answer = try await query(concrete)
        #expect(answer.status == "success", "\(promQL): \(answer.error ?? "")")
        if !concrete.contains("gym_outbox") && !concrete.contains("grpc_code!=\"OK\"") && !concrete.contains("increase(gym_log") {
          #expect(!answer.results.isEmpty, "no data for \(promQL)")
        }
      }

      // The shipped rules load and evaluate against real series, and none fires on a
      // healthy platform.
      let groups = try await get("/rules")["data"].flatMap { ($0 as? [String: Any])?["groups"] as? [[String: Any]] } ?? []
      let rules = groups.flatMap { $0["rules"] as? [[String: Any]] ?? [] }
      #expect(rules.count == 7)
      let evaluated = try await eventually(within: .seconds(30)) {
        let groups = (try? await get("/rules"))?["data"].flatMap { ($0 as? [String: Any])?["groups"] as? [[String: Any]] } ?? []
        let rules = groups.flatMap { $0["rules"] as? [[String: Any]] ?? [] }
        return !rules.isEmpty && rules.allSatisfy { $0["health"] as? String == "ok" }
      }
      #expect(evaluated, "every rule evaluated without error")
      for rule in rules {
        #expect(rule["state"] as? String == "inactive", "\(rule["name"] ?? "?") is \(rule["state"] ?? "?") on a healthy platform")
      }
    }
  }
}
