import Foundation
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

/// Proto ⇄ record translation for accounts and profiles.
enum ProfileMapping {
  static func role(_ name: String) -> Gym_Common_V1_Role {
    Gym_Common_V1_Role(claimName: name) ?? .member
  }

  static func profile(_ user: UserRecord) -> Gym_Auth_V1_Profile {
    .with { p in
      p.displayName = user.displayName
      p.bio = user.bio
      p.avatarURL = user.avatarURL
      if let born = user.dateOfBirth.flatMap({ LocalDate($0) }) { p.dateOfBirth = born.proto }
      p.sex = Gym_Auth_V1_Sex(rawValue: user.sex) ?? .unspecified
      p.heightM = user.heightM ?? 0
      p.experienceLevel = Gym_Auth_V1_ExperienceLevel(rawValue: user.experienceLevel) ?? .unspecified
      p.unitSystem = Gym_Auth_V1_UnitSystem(rawValue: user.unitSystem) ?? .unspecified
      p.timeZone = user.timeZone
      p.visibility = user.visibility == Gym_Auth_V1_Visibility.private.rawValue ? .private : .public
      if let lat = user.homeLat, let lng = user.homeLng {
        p.homeLocation = .with {
          $0.latitude = lat
          $0.longitude = lng
        }
      }
      p.homeGymID = user.homeGymID
      p.city = user.city
      p.showLocation = user.showLocation
      p.showHomeGym = user.showHomeGym
      p.showTrainers = user.showTrainers
      p.givenName = user.givenName
      p.familyName = user.familyName
    }
  }

  static func user(_ user: UserRecord, now: Date = Date()) -> Gym_Auth_V1_User {
    .with { u in
      u.id = user.id
      u.email = user.email
      u.username = user.username
      u.roles = [role(user.role)]
      u.profile = profile(user)
      u.createdAt = Google_Protobuf_Timestamp(date: user.createdAt)
      u.termsVersion = user.termsVersion
      u.emailVerified = user.emailVerifiedAt != nil
      if let active = user.lastActiveAt { u.lastActiveAt = Google_Protobuf_Timestamp(date: active) }
      if user.isBanned(at: now), let reason = user.banReason, let at = user.bannedAt {
        u.ban = .with {
          $0.reason = reason
          $0.createdAt = Google_Protobuf_Timestamp(date: at)
          if let until = user.bannedUntil { $0.until = Google_Protobuf_Timestamp(date: until) }
        }
      }
    }
  }

  /// What another user sees; a PRIVATE profile shows only name and avatar.
  /// - Parameter trainers: the user's trainers, read only when they chose to show them.
  static func publicProfile(_ user: UserRecord, full: Bool, trainers: [UserRecord] = []) -> Gym_Auth_V1_PublicProfile {
    .with { p in
      p.userID = user.id
      p.username = user.username
      p.displayName = user.displayName
      p.avatarURL = user.avatarURL
      p.roles = [role(user.role)]
      p.isTrainer = user.role == "trainer"
      p.viewCount = Int64(user.viewCount)
      p.limited = !full
      if full {
        p.bio = user.bio
        p.experienceLevel = Gym_Auth_V1_ExperienceLevel(rawValue: user.experienceLevel) ?? .unspecified
        if user.showHomeGym { p.homeGymID = user.homeGymID }
        p.trainers = trainers.map { trainer in
          .with {
            $0.userID = trainer.id
            $0.username = trainer.username
            $0.displayName = trainer.displayName
            $0.avatarURL = trainer.avatarURL
          }
        }
        if user.showLocation {
          p.city = user.city
          if let lat = user.homeLat, let lng = user.homeLng {
            // One decimal place: about 11 km, a town and not a street.
            p.approximateLocation = .with {
              $0.latitude = (lat * 10).rounded() / 10
              $0.longitude = (lng * 10).rounded() / 10
            }
          }
        }
      }
    }
  }

  /// How the store names each state of a trainer-role request.
  static let trainerRoleStates: [String: Gym_Auth_V1_TrainerRoleRequestState] = [
    "pending": .pending, "approved": .approved, "rejected": .rejected,
  ]

  static func trainerRoleRequest(_ row: AuthStore.TrainerRoleRequestRow) -> Gym_Auth_V1_TrainerRoleRequest {
    .with { r in
      r.id = row.id
      r.userID = row.userID
      r.username = row.username
      r.note = row.note
      r.state = trainerRoleStates[row.state] ?? .pending
      r.createdAt = Google_Protobuf_Timestamp(date: row.createdAt)
      if let decided = row.decidedAt { r.decidedAt = Google_Protobuf_Timestamp(date: decided) }
      r.decidedBy = row.decidedBy ?? ""
      r.decisionNote = row.decisionNote
    }
  }
}
