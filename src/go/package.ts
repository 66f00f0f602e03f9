import type { TypeMappings } from '../workspace/fw-config';
import type { GoFile, GoTypeDecl } from './ast';

/** Parsed Go packages as the later stages see them. */

/** A Go package fw read: a root, a subfolder, or a package of the module that holds request/response types. */
export interface GoPackage {
  /** Absolute directory. */
  dir: string;
  /** Full import path (module path + directory relative to go.mod). */
  importPath: string;
  /** The `package` clause name. */
  name: string;
  /** The files `go build` compiles for the program's target. */
  files: GoFile[];
  /** The other Go files of the directory: left out by build constraints, a GOOS/GOARCH file-name suffix, or cgo. */
  excluded: ExcludedFile[];
  /** Type declarations by name. */
  types: Map<string, { decl: GoTypeDecl; file: GoFile }>;
}

/** A Go file of a package directory that `go build` leaves out for the target. */
export interface ExcludedFile {
  file: GoFile;
  /** Set when Go rejects the file's build lines (an unparsable or second //go:build line); 1-based. */
  problem?: { line: number; col: number; message: string };
}

/** A Go type referenced by a route, resolved to the package that declares it. */
export interface TypeRef {
  name: string;
  /** The package that declares the type. */
  pkg: GoPackage;
}

/**
 * Access to parsed Go packages. Each file is parsed at most once per run.
 * Packages are found as the go command finds them (the workspace's modules,
 * the standard library, dependencies); one it cannot find is undefined, and
 * callers treat its types as unknown.
 */
export interface GoProgram {
  /**
   * The import paths of `pkg`'s in-package test files (`x_test.go` files of
   * its package clause, for every target; external `x_test` packages are
   * left out): `go test` and `go vet` compile them into the package, so they
   * take part in its import cycles. Their imports only; they are never
   * sources of routes or types. None for packages outside the workspace's
   * modules (`go test ./...` does not build their tests).
   */
  testImports(pkg: GoPackage): readonly string[];
  /** The directories testImports read test files in so far (what a run's outcome depends on besides searchedDirs' sources). */
  readonly testDirs: readonly string[];
  /** The package `importPath` names in the package at `fromDir`, parsed on first use; undefined when Go's rules find none. */
  package(importPath: string, fromDir?: string): GoPackage | undefined;
  /** True when `importPath` is in a module go.mod requires that is not downloaded (its types are unknown; the program warns once). */
  inMissingModule?(importPath: string, fromDir: string): boolean;
  /** The package in this absolute directory, parsed on first use. */
  packageAt(dir: string, importPath?: string): GoPackage | undefined;
  /** Packages parsed so far, by import path. */
  readonly loaded: ReadonlyMap<string, GoPackage>;
  /** Every directory looked in for a package so far, whether it held Go files or not (what a run's outcome depends on). */
  readonly searchedDirs: readonly string[];
  /** The JSON forms fw.json declares for foreign types (set before any type is resolved). */
  readonly typeMappings?: TypeMappings;
  /** Files besides Go sources that decided where packages were found (go.mod, go.work, vendor/modules.txt, GOROOT's VERSION). */
  readonly moduleInputFiles: readonly string[];
}
