// The Java package (svc.sandbox:svc-sandbox) and the Maven repository that
// holds it: the jar (classes compiled once by javac: build-cache.ts), the
// sources jar, the pom, maven-metadata.xml and a .sha1 beside each. The
// sources: SandboxClient (the core, shared by every API: one
// SandboxApiError) and one class per API extending it (java.ts, the same
// models and methods as the single files).
import { javaPackageClass, javaPackageCore, JAVA_PACKAGE } from "../java";
import { clientSpec } from "../spec";
import { sha1Hex, zip, type Entry } from "./archive";
import { compiled } from "./build-cache";
import { packageApis, PACKAGE_NAME, PACKAGE_SUMMARY, PACKAGE_VERSION } from "./info";

export const MAVEN_GROUP = "svc.sandbox";
const dir = `${MAVEN_GROUP.replace(/\./g, "/")}/${PACKAGE_NAME}`;
const base = `${dir}/${PACKAGE_VERSION}/${PACKAGE_NAME}-${PACKAGE_VERSION}`;
const MANIFEST = { path: "META-INF/MANIFEST.MF", data: `Manifest-Version: 1.0\r\nCreated-By: svc-sandbox portal\r\nAutomatic-Module-Name: ${JAVA_PACKAGE}\r\n\r\n` };

function sources(): Entry[] {
  const pkg = JAVA_PACKAGE.replace(/\./g, "/");
  return [{ path: `${pkg}/SandboxClient.java`, data: javaPackageCore() }, ...packageApis().map((a) => ({ path: `${pkg}/${clientSpec(a).className}.java`, data: javaPackageClass(a) }))];
}

const pom = () => `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>${MAVEN_GROUP}</groupId>
  <artifactId>${PACKAGE_NAME}</artifactId>
  <version>${PACKAGE_VERSION}</version>
  <packaging>jar</packaging>
  <name>${PACKAGE_NAME}</name>
  <description>${PACKAGE_SUMMARY}</description>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
  </properties>
</project>
`;

const metadata = () => `<?xml version="1.0" encoding="UTF-8"?>
<metadata>
  <groupId>${MAVEN_GROUP}</groupId>
  <artifactId>${PACKAGE_NAME}</artifactId>
  <versioning>
    <latest>${PACKAGE_VERSION}</latest>
    <release>${PACKAGE_VERSION}</release>
    <versions>
      <version>${PACKAGE_VERSION}</version>
    </versions>
    <lastUpdated>20000101000000</lastUpdated>
  </versioning>
</metadata>
`;

/** The repository's files by path, each with its .sha1. */
export async function mavenFiles(): Promise<{ path: string; data: Buffer | string; contentType: string }[]> {
  const src = sources();
  const classes = await compiled("maven", src, "javac", (s, o) => ["--release", "17", "-encoding", "UTF-8", "-d", o, ...src.map((f) => `${s}/${f.path}`)]);
  const files = [
    { path: `${base}.jar`, data: zip([MANIFEST, ...classes]), contentType: "application/java-archive" },
    { path: `${base}-sources.jar`, data: zip([MANIFEST, ...src]), contentType: "application/java-archive" },
    { path: `${base}.pom`, data: pom(), contentType: "text/xml; charset=utf-8" },
    { path: `${dir}/maven-metadata.xml`, data: metadata(), contentType: "text/xml; charset=utf-8" },
  ];
  return files.flatMap((f) => [f, { path: `${f.path}.sha1`, data: sha1Hex(f.data), contentType: "text/plain; charset=utf-8" }]);
}
