// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "rpn",
    products: [
        .executable(name: "rpn", targets: ["rpn"]),
        .library(name: "RPNCore", targets: ["RPNCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // The C library for every module above the core, in one place: the import, system calls
        // retried after EINTR, errno's words, terminal facts, signal handlers.
        .target(name: "Platform"),
        // <math.h> alone, through a module map: the core's libm, without the C library's I/O.
        .systemLibrary(name: "PlatformMath"),
        // GMP through a module map (Debian: libgmp-dev; libgmp.a for the static release link):
        // the big half of the core's exact numbers. Small values never reach it.
        .systemLibrary(name: "CGMP", providers: [.apt(["libgmp-dev"])]),
        // MPFR through a module map (Debian: libmpfr-dev; libmpfr.a for the static release
        // link): the fallback that makes every elementary function of a double correctly
        // rounded, and the numbers of `--digits N`.
        .systemLibrary(name: "CMPFR", providers: [.apt(["libmpfr-dev"])]),
        // MPC through a module map (Debian: libmpc-dev; libmpc.a for the static release link):
        // the elementary functions of complex values, each part correctly rounded, in doubles
        // and at `--digits N`.
        .systemLibrary(name: "CMPC", providers: [.apt(["libmpc-dev"])]),
        // The pure language core: no I/O, no Foundation; only libm of the C library, GMP, MPFR
        // and MPC.
        .target(name: "RPNCore", dependencies: ["PlatformMath", "CGMP", "CMPFR", "CMPC"]),
        // Pipes and scripts: running programs, rendering diagnostics and JSON. Owns no
        // process state; the executable hands it the arguments, the input and the streams.
        .target(name: "RPNCommandLine", dependencies: ["Platform", "RPNCore", "RPNJSON"]),
        // JSON without Foundation: the language server's and the command line's `--json`;
        // ValueJSON, rpn's values in JSON, reads the core's Number.
        .target(name: "RPNJSON", dependencies: ["RPNCore"]),
        // `rpn lsp`: JSON-RPC framing, the protocol types, the server and its features.
        .target(name: "RPNLanguageServer", dependencies: ["Platform", "RPNCore", "RPNJSON"]),
        // libedit through a module map and a shim header (Debian: libedit-dev).
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // The interactive `rpn>` shell: session, commands, favorites, plots, line editor.
        .target(name: "RPNShell", dependencies: ["Platform", "RPNCore", "RPNJSON", "RPNCommandLine", "CEditLine"]),
        .executableTarget(
            name: "rpn",
            dependencies: [
                "Platform",
                "RPNCommandLine",
                "RPNLanguageServer",
                "RPNShell",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release builds on Linux are fully static: start-up is measured against dc's,
            // and loading the shared Swift runtime and FoundationEssentials costs about 3 ms
            // (4-5x dc) of it. swift-argument-parser is compiled against the shared
            // FoundationEssentials, whose module does not name the static archives it needs,
            // hence the three -l. CEditLine's module map names libedit's own dependencies;
            // their static archives (libedit.a, libtinfo.a, libbsd.a, libmd.a) come with the
            // -dev packages README's set-up command installs.
            // --no-mmap-output-file: the linker writes the 29 MB binary with large write()s
            // instead of through a memory map; the page cache then holds it in large pages, and
            // a start-up takes 66 page faults instead of 116: 0.97x dc's start-up instead of
            // 1.1-1.4x on a 2-core VM (bench/run).
            linkerSettings: [
                .unsafeFlags(["-static-executable", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
                              "-Xlinker", "--no-mmap-output-file"],
                             .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // The man page (`rpn --experimental-dump-help | rpn-manual > rpn.1`, scripts/install):
        // made from the command tree, the word table and the shell's command table.
        .target(name: "RPNManual", dependencies: ["RPNCore", "RPNJSON", "RPNCommandLine", "RPNShell"]),
        .executableTarget(name: "rpn-manual", dependencies: ["Platform", "RPNManual"]),
        // libFuzzer target (built as a stub unless -DFUZZING; see its main.swift).
        .executableTarget(name: "rpn-fuzz", dependencies: ["Platform", "RPNCore", "RPNJSON", "RPNLanguageServer", "RPNShell"]),
        // What the test targets share: an in-memory process (captured output, fake files and
        // standard input, terminal and colour) to run commands and the shell in.
        .target(name: "RPNTestSupport", dependencies: ["RPNCommandLine", "RPNCore"], path: "Tests/RPNTestSupport"),
        .testTarget(name: "RPNCoreTests", dependencies: ["RPNCore", "RPNTestSupport"]),
        .testTarget(name: "RPNCommandLineTests", dependencies: ["RPNCommandLine", "RPNCore", "RPNJSON", "RPNTestSupport"]),
        .testTarget(name: "RPNJSONTests", dependencies: ["RPNJSON"]),
        .testTarget(name: "RPNLanguageServerTests", dependencies: ["RPNLanguageServer", "RPNJSON", "RPNCore", "RPNTestSupport"]),
        .testTarget(name: "RPNManualTests", dependencies: ["RPNManual", "RPNCore", "RPNShell"]),
        .testTarget(name: "RPNShellTests", dependencies: ["RPNShell", "RPNCore", "RPNJSON", "RPNCommandLine", "RPNTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
