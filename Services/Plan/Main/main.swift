import GymPlan
import GymService

await GymMain.run(process: "gym-plan", keys: PlanApp.keys) { config, logger in
  try await PlanApp.build(PlanApp.settings(config), logger: logger)
}
