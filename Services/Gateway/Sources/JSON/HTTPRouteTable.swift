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
    let matches = self.matches(path)
    var best: (route: HTTPRoute, variables: [(field: String, value: String)])?
    var allowed: [String] = []
    for match in matches {
      if !allowed.contains(match.route.verb) { allowed.append(match.route.verb) }
      guard match.route.verb == verb else { continue }
      if let current = best, current.route.template.specificity >= match.route.template.specificity { continue }
      best = match
    }
    if let best { return .found(best.route, variables: best.variables) }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }

  /// The methods `path` is served with (for `Allow` and CORS preflights); empty when none.
  func methods(for path: Substring) -> [String] {
    var allowed: [String] = []
    for match in matches(path) where !allowed.contains(match.route.verb) { allowed.append(match.route.verb) }
    return allowed
  }

  /// Every route whose template matches `path`. A last segment that ends in a custom verb
  /// some template names is that verb's: `/v1/programs/p1:rate` is RateProgram's alone,
  /// never GetProgram's with the id "p1:rate" (an id with a colon still reaches the
  /// templates without a verb when no verb matches).
  private func matches(_ path: Substring) -> [(route: HTTPRoute, variables: [(field: String, value: String)])] {
    guard let request = RequestPath(path) else { return [] }
    let all = routes.compactMap { route in route.template.match(request).map { (route: route, variables: $0) } }
    let withVerb = all.filter { $0.route.template.verb != nil }
    return withVerb.isEmpty ? all : withVerb
  }
}
