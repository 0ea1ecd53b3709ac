import Foundation
import PackagePlugin

/// Writes the build's version into the target it is applied to: a `gitDescription`
/// constant holding `git describe --tags --always --dirty` of the package's tree, so no
/// version string is kept by hand. Where there is no git tree (the container build,
/// whose context leaves `.git` out) `GYM_VERSION` from the environment names the
/// version, else it is "unknown".
///
/// A build command, not a prebuild one: SwiftPM skips prebuild commands on a build
/// whose plan it reuses, so the version would lag a commit. Its inputs are the
/// package's source files and git's directories, so a source edit, commit, tag or
/// `git add` runs it again (an edit to a file outside the targets, such as a doc, shows
/// as "-dirty" from the next build after one of those); it rewrites the file only when
/// the text changes, so an unchanged version recompiles nothing.
@main
struct GitVersion: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    let package = context.package.directoryURL
    let file = context.pluginWorkDirectoryURL.appending(path: "GitDescription.swift")
    var environment: [String: String] = [:]
    if let given = ProcessInfo.processInfo.environment["GYM_VERSION"] { environment["GYM_VERSION"] = given }
    return [
      .buildCommand(
        displayName: "Version from git describe",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", Self.script, "git-version", package.path, file.path],
        environment: environment,
        inputFiles: Self.sourceFiles(context) + Self.gitDirectories(package),
        outputFiles: [file]
      )
    ]
  }

  /// The manifest and every file of every target: SwiftPM plans the build again when
  /// one of these is added or removed, so none is ever a missing input. (Other files of
  /// the tree are not inputs: deleting one would fail a build planned with it.)
  static func sourceFiles(_ context: PluginContext) -> [URL] {
    [context.package.directoryURL.appending(path: "Package.swift")]
      + context.package.targets.compactMap { $0.sourceModule }.flatMap { $0.sourceFiles.map(\.url) }
  }

  /// What a commit, checkout, tag or `git add` changes, as directories: git replaces
  /// HEAD, the index and refs by renaming a lock file, which changes the directory, and
  /// `git gc` may pack a branch's ref file away, which a file input would miss. `.git` is
  /// a directory in a clone and a file naming the git directory in a worktree, whose
  /// refs live in the common directory.
  static func gitDirectories(_ root: URL) -> [URL] {
    let dotGit = root.appending(path: ".git")
    var gitDirectory = dotGit
    if let pointer = try? String(contentsOf: dotGit, encoding: .utf8), pointer.hasPrefix("gitdir:") {
      let path = pointer.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
      gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
    }
    var common = gitDirectory
    if let relative = try? String(contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8) {
      let path = relative.trimmingCharacters(in: .whitespacesAndNewlines)
      common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDirectory.appending(path: path)
    }
    let candidates = [gitDirectory, common, common.appending(path: "refs/heads"), common.appending(path: "refs/tags")]
    var seen: Set<String> = []
    return candidates.filter { FileManager.default.fileExists(atPath: $0.path) && seen.insert($0.standardizedFileURL.path).inserted }
  }

  /// $1 the package directory, $2 the file. Only characters `git describe` prints
  /// survive, so the value is always a valid Swift string literal. An unchanged file is
  /// only touched (newer than the inputs, so the command is done) and not rewritten.
  static let script = #"""
    set -eu
    version=${GYM_VERSION:-}
    if [ -z "$version" ]; then
      version=$(git -C "$1" describe --tags --always --dirty 2>/dev/null) || version=""
    fi
    version=$(printf '%s' "$version" | tr -cd 'A-Za-z0-9._+-')
    [ -n "$version" ] || version=unknown
    printf '// Written by the GitVersion plugin (Plugins/GitVersion).\nlet gitDescription = "%s"\n' "$version" >"$2.new"
    if cmp -s "$2.new" "$2"; then rm -f "$2.new"; touch "$2"; else mv "$2.new" "$2"; fi
    """#
}
