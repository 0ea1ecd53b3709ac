import Foundation
import NIOHPACK

/// Which web pages may call the gateway from a browser (cross-origin resource sharing),
/// as the operator configures it: a list of origins, or `*`. The door answers browsers'
/// preflights itself and refuses, with 403, a browser request from an origin not on the
/// list; a page the gateway serves itself (same origin) always may.
struct CORSPolicy: Sendable {
  /// Request headers a browser may send: the token, gRPC-Web's and the platform's own.
  static let allowedHeaders =
    "authorization, content-type, accept, x-grpc-web, x-user-agent, grpc-timeout, x-request-id, x-gym-request-id"
  /// Response headers a page may read: the call's status and what identifies it.
  static let exposedHeaders = "grpc-status, grpc-message, grpc-status-details-bin, x-request-id, retry-after"

  private let origins: Set<String>
  private let anyOrigin: Bool

  /// No page but the gateway's own.
  static let sameOriginOnly = CORSPolicy(origins: [], anyOrigin: false)

  private init(origins: Set<String>, anyOrigin: Bool) {
    self.origins = origins
    self.anyOrigin = anyOrigin
  }

  /// `spec`: origins separated by commas ("https://coach.example.com, http://localhost:8080"),
  /// `*` for any, empty for none but the gateway's own pages.
  init(_ spec: String) throws(CORSPolicyError) {
    var origins: Set<String> = []
    var anyOrigin = false
    for item in spec.split(separator: ",") {
      let origin = item.trimmingCharacters(in: .whitespaces)
      if origin.isEmpty { continue }
      if origin == "*" {
        anyOrigin = true
        continue
      }
      guard origin.hasPrefix("http://") || origin.hasPrefix("https://"), !origin.dropFirst(8).contains("/") else {
        throw CORSPolicyError(origin: origin)
      }
      origins.insert(origin.lowercased())
    }
    self.init(origins: origins, anyOrigin: anyOrigin)
  }

  /// Whether `request` may be served: its `origin` against the policy and its own host.
  func allows(_ request: HPACKHeaders) -> Bool {
    allows(origin: request["origin"].first, authority: request[":authority"].first ?? request["host"].first)
  }

  /// Whether a request carrying `origin` may be served: always without one (not a
  /// browser's cross-origin call) or from the page's own origin (`authority`, the host
  /// the request was sent to).
  private func allows(origin: String?, authority: String?) -> Bool {
    guard let origin else { return true }
    if anyOrigin { return true }
    let lowered = origin.lowercased()
    if origins.contains(lowered) { return true }
    guard let authority, let schemeEnd = lowered.range(of: "://") else { return false }
    return lowered[schemeEnd.upperBound...] == authority.lowercased()
  }

  /// The answer to a preflight (`OPTIONS` with `access-control-request-method`) for a
  /// resource that takes `methods`.
  func preflight(_ request: HPACKHeaders, methods: String) -> HPACKHeaders {
    guard let origin = request["origin"].first, allows(request) else {
      return [":status": "403", "content-length": "0"]
    }
    var headers: HPACKHeaders = [":status": "204"]
    headers.add(name: "access-control-allow-origin", value: origin)
    headers.add(name: "vary", value: "origin")
    headers.add(name: "access-control-allow-methods", value: methods)
    headers.add(name: "access-control-allow-headers", value: Self.allowedHeaders)
    headers.add(name: "access-control-max-age", value: "600")
    return headers
  }

  /// Adds what a browser needs to let the page read a response to a request from `origin`.
  func decorate(_ response: inout HPACKHeaders, origin: String?) {
    guard let origin else { return }
    response.add(name: "access-control-allow-origin", value: origin)
    response.add(name: "vary", value: "origin")
    response.add(name: "access-control-expose-headers", value: Self.exposedHeaders)
  }

  /// Whether `request` is a CORS preflight.
  static func isPreflight(_ request: HPACKHeaders) -> Bool {
    request[":method"].first == "OPTIONS" && !request["access-control-request-method"].isEmpty
  }
}

struct CORSPolicyError: Error, CustomStringConvertible {
  let origin: String
  var description: String {
    "'\(origin)' is not an origin: write each as scheme://host[:port] (e.g. https://coach.example.com), separated by commas, or * for any"
  }
}
