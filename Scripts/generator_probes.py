#!/usr/bin/env python3
"""Runs hostile sample sets through basemodel-generate, compiles what it writes, and checks that the
classes decode every sample and write it back (nulls aside) — or that the generator refused the set
with an error that names the sample. Also checks that generating from deeply nested samples takes
time linear in their size.

    swift build --product basemodel-generate
    python3 -B Scripts/generator_probes.py

The library is compiled once with swiftc into .build-probes/ (a few minutes), each probe in seconds.
"""
import json, os, shutil, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, ".build-probes")
GENERATE = os.path.join(ROOT, ".build", "debug", "basemodel-generate")

# name → (root, samples as JSON texts, glossary or None, type key or None, expected error text or None)
PROBES = {
    "swift-names": ("Ec", ['{"self":{"a":1},"any":{"b":1},"string":{"c":2},"int":{"d":3},"unknownKeys":1,"apiToLocal":2,"debugDescription":3,"status":"a","ecStatus":{"q":1}}',
                           '{"status":"b","ecStatus":{"q":2},"self":{"a":1},"any":{"b":1},"string":{"c":2},"int":{"d":3},"unknownKeys":1,"apiToLocal":2,"debugDescription":3}'], None, None, None),
    "glossary-names": ("Ec", ['{"x":1,"o":{"y":2},"d":{"z":3}}'], {"keys": {"x": "my prop"}, "classes": {"o": "Not A Class", "d": "Data"}}, None, None),
    "recursion": ("Chain", ['{"n":1,"chain":{"n":2,"chain":{"n":3}}}', '{"n":4,"chain":{"n":5}}'], None, None, None),
    "merged-by-name": ("Root", ['{"item":{"x":1},"box":{"item":{"y":2}}}'], None, None, None),
    "named-like-root": ("Child", ['{"child":{"child":{"leaf":1}}}'], None, None, None),
    "glossary-class-twice": ("Root", ['{"a":{"x":1},"b":{"y":"s"}}'], {"classes": {"a": "Part", "b": "Part"}}, None, None),
    "escaped-keys": ("Root", ['{"a.b":1,"a\\\\b":2,"a":{"b":3}}'], None, None, None),
    "type-values": ("Msg", ['{"t":"7","x":1}', '{"t":7,"y":2}', '{"t":"trade","z":3}', '{"x":4}'], None, "t", None),
    "envelope": ("Combined", ['{"stream":"a@trade","data":{"e":"trade","p":"1.5"}}', '{"stream":"a@kline","data":{"e":"kline","k":{"t":1}}}'], None, "data.e", None),
    "equal-keys": ("Ec", ['{"\\u00e9":1,"e\\u0301":2}'], None, None, "has the keys"),
    "big-numbers": ("Nums", ['{"u":18446744073709551615,"big":1' + "0" * 99 + ',"inf":1e400,"neg":-9223372036854775809,"f":1.5}',
                             '{"u":1,"big":2,"inf":2.5,"neg":3,"f":2}'], None, None, None),
    "dates": ("Dates", ['{"leap":"9999-12-31T23:59:60Z","ok":"2026-01-01T00:00:00Z"}'], None, None, None),
    "empty-key": ("Blank", ['{"":3,"b":{"":4}}'], None, None, None),
    "betting-exchange": ("StreamMessage", [
        '{"op":"connection","connectionId":"002-051134157842-432409"}',
        '{"op":"status","id":1,"statusCode":"SUCCESS","connectionClosed":false}',
        '{"op":"mcm","id":2,"initialClk":"G1SkkQSGBxcjXw==","clk":"AAAAAAAA","conflateMs":0,"heartbeatMs":5000,"pt":1474973233112,"ct":"SUB_IMAGE","mc":[{"id":"1.120684740","img":true,"tv":4556.9,"marketDefinition":{"bspMarket":false,"turnInPlayEnabled":true,"persistenceEnabled":true,"marketBaseRate":5,"eventId":"28609025","eventTypeId":"7","numberOfWinners":1,"bettingType":"ODDS","marketType":"WIN","marketTime":"2016-09-27T11:45:00.000Z","suspendTime":"2016-09-27T11:45:00.000Z","bspReconciled":false,"complete":true,"inPlay":false,"crossMatching":true,"runnersVoidable":false,"numberOfActiveRunners":2,"betDelay":0,"status":"OPEN","runners":[{"status":"ACTIVE","sortPriority":1,"id":58805},{"status":"ACTIVE","sortPriority":2,"id":58806}],"regulators":["MR_INT"],"countryCode":"GB","discountAllowed":true,"timezone":"Europe/London","openDate":"2016-09-27T11:45:00.000Z","version":1418813468,"priceLadderDefinition":{"type":"CLASSIC"}},"rc":[{"atb":[[1.01,200],[1.02,50.5]],"atl":[[1.5,10]],"trd":[[1.5,4.5]],"ltp":1.5,"tv":14.5,"id":58805},{"atb":[],"id":58806}]}]}',
        '{"op":"mcm","id":2,"clk":"AAAAAAAB","pt":1474973233212,"mc":[{"id":"1.120684740","rc":[{"atb":[[1.01,0]],"ltp":1.51,"id":58805}]}]}',
        '{"op":"mcm","id":2,"clk":"AAAAAAAC","pt":1474973238212,"ct":"HEARTBEAT"}',
        '{"op":"mcm","id":2,"clk":"AAAAAAAD","pt":1474973243212,"ct":"RESUB_DELTA","mc":[{"id":"1.120684741","img":true,"rc":[{"id":58807,"spn":2.5,"spf":2.4,"spb":[[1000,2]],"spl":[[1.1,4.5]]}]}]}',
    ], {"types": {"marketBaseRate": "Double"}}, "op", None),
    "mixed": ("Mixed", ['{"a":1,"b":[1,"x",null],"c":null}', '{"a":"s","b":[],"c":{"d":1}}'], None, None, None),
}

def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, **kwargs)

def build_library():
    sources = sorted(os.path.join(d, f) for module in ("BaseModelKitJSON", "BaseModelKit")
                     for d, _, fs in os.walk(os.path.join(ROOT, "Sources", module)) for f in fs if f.endswith(".swift"))
    lib = os.path.join(OUT, "lib")
    os.makedirs(lib, exist_ok=True)
    stamp = os.path.join(lib, "stamp")
    digest = str(sum(os.path.getmtime(s) for s in sources))
    if os.path.exists(stamp) and open(stamp).read() == digest:
        return lib
    print("Building the library…", file=sys.stderr)
    result = run([os.path.join(ROOT, "Scripts", "build-library.sh"), lib, "-Onone", "-O1"])
    if result.returncode != 0:
        sys.exit(result.stderr)
    open(stamp, "w").write(digest)
    return lib

DRIVER = """import BaseModelKit
import Foundation

func withoutNulls(_ json: JSON) -> JSON {
    switch json {
    case .object(let object): return .object(JSONObject(object.compactMap { $0.value == .null ? nil : ($0.key, withoutNulls($0.value)) }))
    case .array(let elements): return .array(elements.map(withoutNulls))
    default: return json
    }
}

let folder = CommandLine.arguments[1]
var checked = 0
for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".json") {
    let json = try JSON(parsing: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    let samples: [JSON]
    if case .array(let elements) = json { samples = elements } else { samples = [json] }
    for sample in samples {
        let model = try ROOT.decode(from: try sample.serializedData())
        let written = try JSON(parsing: try model.jsonData())
        guard written == withoutNulls(sample) else {
            print("\\(name): \\(try sample.serializedString()) came back as \\(try written.serializedString())")
            exit(1)
        }
        checked += 1
    }
}
print("\\(checked) samples round-trip")
"""

def probe(name, root, samples, glossary, type_key, expected_error, lib):
    folder = os.path.join(OUT, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "samples"))
    for index, text in enumerate(samples):
        open(os.path.join(folder, "samples", f"s{index}.json"), "w").write(text)
    command = [GENERATE, os.path.join(folder, "samples"), "--root", root, "--quiet", "--output", os.path.join(folder, "Models.swift")]
    if glossary is not None:
        open(os.path.join(folder, "glossary.json"), "w").write(json.dumps(glossary))
        command += ["--glossary", os.path.join(folder, "glossary.json")]
    if type_key:
        command += ["--type-key", type_key]
    generated = run(command)
    if expected_error:
        ok = generated.returncode != 0 and expected_error in generated.stderr and ".json" in generated.stderr
        return ok, generated.stderr.strip()
    if generated.returncode != 0:
        return False, generated.stderr.strip()
    open(os.path.join(folder, "main.swift"), "w").write(DRIVER.replace("ROOT", root))
    compiled = run(["swiftc", "-Onone", "-swift-version", "6", "-I", lib, "-I", os.path.join(ROOT, "Sources", "CBaseModelKitAtomics", "include"), "-L", lib, "-lBaseModelKit", "-lBaseModelKitJSON", "-o", os.path.join(folder, "driver"),
                    os.path.join(folder, "Models.swift"), os.path.join(folder, "main.swift")])
    if compiled.returncode != 0 or "warning:" in compiled.stderr:
        return False, compiled.stderr.strip()[:2000]
    decoded = run([os.path.join(folder, "driver"), os.path.join(folder, "samples")])
    return decoded.returncode == 0, (decoded.stdout + decoded.stderr).strip()

def nesting_is_linear():
    times = []
    for depth in (100, 200, 400):
        folder = os.path.join(OUT, f"nesting-{depth}")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        open(os.path.join(folder, "s.json"), "w").write('{"a":' * depth + '{"leaf":1}' + "}" * depth)
        start = time.monotonic()
        result = run([GENERATE, folder, "--root", "Deep", "--quiet"])
        times.append(time.monotonic() - start)
        if result.returncode != 0:
            return False, result.stderr.strip()
    return times[-1] < 10 * max(times[0], 0.05), "generation times at 100, 200, 400 levels: " + ", ".join(f"{t:.2f} s" for t in times)

def main():
    if not os.path.exists(GENERATE):
        sys.exit("build the generator first: swift build --product basemodel-generate")
    lib = build_library()
    failures = 0
    for name, (root, samples, glossary, type_key, expected_error) in PROBES.items():
        ok, detail = probe(name, root, samples, glossary, type_key, expected_error, lib)
        failures += 0 if ok else 1
        print(f"{'pass' if ok else 'FAIL'} {name}: {detail.splitlines()[-1] if detail else ''}")
        if not ok:
            print(detail)
    ok, detail = nesting_is_linear()
    failures += 0 if ok else 1
    print(f"{'pass' if ok else 'FAIL'} nesting: {detail}")
    print(f"{len(PROBES) + 1 - failures} of {len(PROBES) + 1} probes pass")
    sys.exit(1 if failures else 0)

main()
