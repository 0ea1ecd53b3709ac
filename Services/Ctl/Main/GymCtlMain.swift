import ArgumentParser
import GymCtl

/// The `gymctl` executable: the command tree lives in the GymCtl library so tests can
/// reuse it; `@main` must sit on an async command here for ArgumentParser to run it async.
@main
struct GymCtlMain: AsyncParsableCommand {
  static let configuration = GymCtlCommand.configuration
}
