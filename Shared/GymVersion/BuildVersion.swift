/// The version of this build: `git describe --tags --always --dirty` of the tree it was
/// built from (`gitDescription`, written by the GitVersion plugin at build time), or
/// `GYM_VERSION` where the build had no git tree, else "unknown". Every executable
/// prints it for `--version` and `Ops.GetInfo` reports it.
public enum BuildVersion {
  public static let description: String = gitDescription
}
