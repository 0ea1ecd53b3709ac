import GymPlaces
import GymService

await GymMain.run(process: "gym-places", keys: PlacesApp.keys) { config, logger in
  try await PlacesApp.build(PlacesApp.settings(config), logger: logger)
}
