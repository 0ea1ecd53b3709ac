import GymCatalog
import GymService

await GymMain.run(process: "gym-catalog", keys: CatalogApp.keys) { config, logger in
  try await CatalogApp.build(CatalogApp.Settings(config: config), logger: logger)
}
