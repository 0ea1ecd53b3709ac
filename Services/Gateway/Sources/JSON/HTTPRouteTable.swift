/// Every HTTP binding the door serves, and the lookup of a request's method and path.
struct HTTPRouteTable: Sendable {
  enum Lookup {
    case found(HTTPRoute, variables: [(field: String, value: String)])
    /// The path is served, but not with this method.
    case methodNotAllowed(allowed: [String])
    case notFound
  }

  let routes: [HTTPRoute]
  /// The first segment of every template ("v1"): the door claims only paths under them.
  private let roots: Set<Substring>

  init(routes: [HTTPRoute] = HTTPRoute.generated) {
    self.routes = routes
    roots = Set(
      routes.compactMap { route in
        guard case .literal(let first) = route.template.segments.first else { return nil }
        return Substring(first)
      })
  }

  /// Whether `path` (without its query) lies under one of the templates' first segments.
  func claims(_ path: Substring) -> Bool {
    guard path.first == "/" else { return false }
    let first = path.dropFirst().prefix { $0 != "/" }
    return roots.contains(first) || roots.contains(first.prefix { $0 != ":" })
  }

  func lookup(verb: String, path: Substring) -> Lookup {
    guard let request = RequestPath(path) else { return .notFound }
    var best: (route: HTTPRoute, variables: [(field: String, value: String)])?
    var allowed: [String] = []
    for route in routes {
      guard let variables = route.template.match(request) else { continue }
      if !allowed.contains(route.verb) { allowed.append(route.verb) }
      guard route.verb == verb else { continue }
      if let current = best, current.route.template.specificity >= route.template.specificity { continue }
      best = (route, variables)
    }
    if let best { return .found(best.route, variables: best.variables) }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }

  /// The methods `path` is served with (for `Allow` and CORS preflights); empty when none.
  func methods(for path: Substring) -> [String] {
    guard let request = RequestPath(path) else { return [] }
    var allowed: [String] = []
    for route in routes where !allowed.contains(route.verb) && route.template.match(request) != nil {
      allowed.append(route.verb)
    }
    return allowed
  }
}
