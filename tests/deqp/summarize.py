#!/usr/bin/env python3
"""Counts dEQP-VK results per group, for one run or several side by side.

  tests/deqp/summarize.py [--groups FILE] [--depth N] [NAME=]results.csv...
  tests/deqp/summarize.py --expectations DIR/reasons.txt


A case belongs to the first glob of --groups it matches (the glob, without a
trailing '.*', names the group), else to its first N dotted name parts
(default 3: dEQP-VK.api.smoke). With several runs (e.g. agx=... lavapipe=...)
each group row shows every run's Pass/Fail/Crash/Timeout/NotSupported counts,
which is the table the closing notes quote.

--expectations prints the failures of a run (its reasons.txt) in the
agx-fails.txt format, grouped under a comment per distinct message (numbers
and source lines folded), so a new expectation list starts from real
messages; each group still needs a human explanation before it is committed.
"""
import argparse
import fnmatch
import os
import re
import sys

PASSING = {'Pass', 'QualityWarning', 'CompatibilityWarning', 'Waiver'}
COLUMNS = ['Pass', 'Fail', 'Crash', 'Timeout', 'NotSupported', 'Other']
SHORT = {'Pass': 'P', 'Fail': 'F', 'Crash': 'C', 'Timeout': 'T', 'NotSupported': 'NS', 'Other': 'O'}


def column(status):
    if status in PASSING:
        return 'Pass'
    return status if status in COLUMNS else 'Other'


def group_of(case, groups, depth):
    for g in groups:
        if fnmatch.fnmatchcase(case, g):
            return g[:-2] if g.endswith('.*') else g
    return '.'.join(case.split('.')[:depth])


def read_csv(path):
    rows = []
    with open(path) as f:
        header = f.readline().strip()
        if header != 'case,status,duration':
            sys.exit(f'{path}: not a run-deqp results.csv (header {header!r})')
        for line in f:
            case, status, duration = line.strip().split(',')
            rows.append((case, status, float(duration)))
    return rows


def table(runs, groups=(), depth=3):
    """runs: {name: [(case, status, duration)]} -> a text table."""
    names = list(runs)
    counts = {}  # group -> name -> column -> n
    for name, rows in runs.items():
        for case, status, _ in rows:
            per = counts.setdefault(group_of(case, groups, depth), {}).setdefault(name, {})
            col = column(status)
            per[col] = per.get(col, 0) + 1
    totals = {n: {} for n in names}
    for per in counts.values():
        for n, cols in per.items():
            for c, v in cols.items():
                totals[n][c] = totals[n].get(c, 0) + v

    def cell(cols):
        used = [c for c in COLUMNS if cols.get(c)]
        return ' '.join(f'{SHORT[c]} {cols[c]}' for c in used) or '-'

    header = ['group'] + names
    body = [[g] + [cell(counts[g].get(n, {})) for n in names] for g in sorted(counts)]
    body.append(['total'] + [cell(totals[n]) for n in names])
    widths = [max(len(r[i]) for r in [header] + body) for i in range(len(header))]
    lines = ['  '.join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in [header] + body]
    legend = 'P pass, F fail, C crash, T timeout, NS not supported, O other'
    return '\n'.join(lines) + '\n(' + legend + ')\n'


def expectations(path):
    """reasons.txt -> agx-fails.txt lines grouped by message."""
    groups = {}
    with open(path) as f:
        for line in f:
            case, status, reason = line.rstrip('\n').split(',', 2)
            if status in PASSING or status in ('NotSupported', 'NotFound'):
                continue  # NotFound: a name deqp-vk does not know, not a driver failure
            key = re.sub(r'\d+', 'N', re.sub(r' at \S+:\d+', '', reason)).strip()[:160]
            groups.setdefault((status, key), []).append(case)
    out = []
    for (status, key), cases in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        out.append(f'# {status} ({len(cases)}): {key or "(no message)"}')
        out += [f'{c},{status}' for c in sorted(cases)]
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--groups', help='file of case globs, one per line')
    ap.add_argument('--depth', type=int, default=3)
    ap.add_argument('--expectations', metavar='REASONS', help='print REASONS as agx-fails.txt lines')
    ap.add_argument('runs', nargs='*', help='[NAME=]results.csv')
    args = ap.parse_args()
    if args.expectations:
        sys.stdout.write(expectations(args.expectations))
        return
    if not args.runs:
        ap.error('give at least one results.csv (or --expectations)')
    groups = []
    if args.groups:
        with open(args.groups) as f:
            groups = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    runs = {}
    for spec in args.runs:
        name, sep, path = spec.partition('=')
        if not sep:
            name, path = os.path.basename(os.path.dirname(os.path.abspath(spec))) or spec, spec
        if not os.path.exists(path):
            sys.exit(f'summarize: no file {path}')
        runs[name] = read_csv(path)
    sys.stdout.write(table(runs, groups, args.depth))


if __name__ == '__main__':
    main()
