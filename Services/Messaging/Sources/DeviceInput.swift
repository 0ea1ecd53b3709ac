import Foundation
import GymAPI
import GymService
import GymStore

/// A RegisterDevice request, checked: every problem at once, named by its field.
enum DeviceInput {
  static let appVersionBound = TextBound(characters: 32)
  static let localeBound = TextBound(characters: 35)

  struct Checked {
    var platform: PushPlatform
    var token: String
    var appVersion: String
    var locale: String
  }

  static func check(_ request: Gym_Messaging_V1_RegisterDeviceRequest) throws(GymError) -> Checked {
    var violations: [FieldViolation] = []
    let platform: PushPlatform? =
      switch request.platform {
      case .ios: .ios
      case .android: .android
      default: nil
      }
    if platform == nil { violations.append(.init("platform", "give IOS or ANDROID")) }
    if let platform, let problem = tokenProblem(request.token, platform) { violations.append(.init("token", problem)) }
    if let violation = appVersionBound.violation(request.appVersion, field: "app_version") { violations.append(violation) }
    if let violation = localeBound.violation(request.locale, field: "locale") { violations.append(violation) }
    if !request.locale.isEmpty, !request.locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
      violations.append(.init("locale", "is a BCP 47 tag such as en-GB"))
    }
    guard violations.isEmpty, let platform else { throw .invalid(violations) }
    // One phone's APNs token in any case is one device (APNs reads the hex either way).
    let token = platform == .ios ? request.token.lowercased() : request.token
    return Checked(platform: platform, token: token, appVersion: request.appVersion, locale: request.locale)
  }

  /// What is wrong with a token for its platform, if anything: APNs device tokens are hex
  /// (32 bytes today, longer allowed); FCM registration tokens are URL-safe text.
  static func tokenProblem(_ token: String, _ platform: PushPlatform) -> String? {
    switch platform {
    case .ios:
      guard token.count >= 64, token.count <= 200, token.count % 2 == 0, token.allSatisfy(\.isHexDigit) else {
        return "is an APNs device token: 64 to 200 hex digits"
      }
    case .android:
      guard !token.isEmpty, token.utf8.count <= 4096,
        token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_:.".contains($0)) })
      else { return "is an FCM registration token: 1 to 4096 characters of letters, digits and - _ : ." }
    }
    return nil
  }
}
