import GymAuth
import GymService

await GymMain.run(process: "gym-auth", keys: AuthApp.keys) { config, logger in
  try await AuthApp.build(AuthApp.Settings(config: config), logger: logger)
}
