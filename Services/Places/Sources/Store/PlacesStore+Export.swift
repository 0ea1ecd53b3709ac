import GymStore

extension PlacesStore {
  /// What places holds about a user, for their data export: their trainer listing.
  /// Places themselves are the platform's, not any user's.
  public static func exportTables(userID: String) -> [ExportTable] {
    [
      ExportTable(
        "trainer_listing",
        """
        SELECT trainer_id, lat, lng, service_radius_m, specialties, price_per_session, currency, bio, gym_id, updated_at
        FROM trainers WHERE trainer_id = ? ORDER BY rid
        """, [userID], json: ["specialties"]),
      IdempotencyKeys.exportTable(userID: userID),
    ]
  }
}
