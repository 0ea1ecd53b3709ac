import NIOCore
import NIOHPACK

/// The files the gateway serves itself at fixed paths, over any HTTP the door speaks:
/// the OpenAPI document at `/openapi.json` and the trainers' dashboard under
/// `/dashboard/` (its pages call the HTTP/JSON API of the same origin). `GET` and
/// `HEAD`, with entity tags; `/` and `/dashboard` lead to the dashboard.
struct StaticFileDoor: DoorProtocol {
  static let dashboardPrefix = "/dashboard/"

  var name: String { "static" }
  let cors: CORSPolicy
  let files: [String: StaticFile]
  /// Paths that lead elsewhere (308), such as a directory named without its slash.
  let redirects: [String: String]

  init(cors: CORSPolicy, files: [String: StaticFile] = Self.platformFiles, redirects: [String: String] = Self.platformRedirects) {
    self.cors = cors
    self.files = files
    self.redirects = redirects
  }

  func handler(for headers: HPACKHeaders) -> (any ChannelDuplexHandler & RemovableChannelHandler)? {
    let target = headers[":path"].first ?? ""
    let path = String(target.prefix { $0 != "?" })
    guard files[path] != nil || redirects[path] != nil || path.hasPrefix(Self.dashboardPrefix) else { return nil }
    return StaticFileHandler(door: self)
  }

  static let platformFiles: [String: StaticFile] = [
    "/openapi.json": StaticFile(contentType: "application/json", bytes: OpenAPIDocument.json.utf8),
    dashboardPrefix: .html(PackageResources.index_html),
    dashboardPrefix + "app.js": .javaScript(PackageResources.app_js),
    dashboardPrefix + "api.js": .javaScript(PackageResources.api_js),
    dashboardPrefix + "chart.js": .javaScript(PackageResources.chart_js),
    dashboardPrefix + "style.css": .css(PackageResources.style_css),
  ]

  static let platformRedirects = ["/": dashboardPrefix, "/dashboard": dashboardPrefix, "/dashboard/index.html": dashboardPrefix]
}
