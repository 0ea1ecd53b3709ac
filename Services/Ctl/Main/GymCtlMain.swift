import GymCtl

/// The `gymctl` executable: the command tree lives in the GymCtl library so tests can
/// reuse it; its `main` turns any failure into one line on stderr.
@main
struct GymCtlMain {
  static func main() async {
    await GymCtlCommand.main()
  }
}
