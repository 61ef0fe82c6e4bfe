#!/usr/bin/env python3
"""run-deqp against fake-deqp-vk: results, crash and hang recovery,
expectation handling and exit status."""
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
runner, fake = os.path.join(here, 'run-deqp'), os.path.join(here, 'fake-deqp-vk')


def run(tmp, fails, flakes='', extra=()):
    for name, text in (('fails', fails), ('flakes', flakes), ('skips', 'dEQP-VK.fake.c.skipped_*\n')):
        with open(os.path.join(tmp, name), 'w') as f:
            f.write(text)
    out = os.path.join(tmp, 'out')
    p = subprocess.run([sys.executable, runner, '--deqp', fake, '--jobs', '2', '--batch', '4',
                        '--timeout', '2', '--output', out, '--include', 'dEQP-VK.fake.*',
                        '--fails', os.path.join(tmp, 'fails'), '--flakes', os.path.join(tmp, 'flakes'),
                        '--skips', os.path.join(tmp, 'skips'), *extra],
                       capture_output=True, text=True, timeout=120)
    rows = {}
    with open(os.path.join(out, 'results.csv')) as f:
        assert f.readline().strip() == 'case,status,duration'
        for line in f:
            case, status, duration = line.strip().split(',')
            rows[case] = (status, float(duration))
    return p, rows


def check(cond, what, p=None):
    if not cond:
        if p:
            print(p.stdout, p.stderr)
        sys.exit('FAILED: ' + what)


# The log is parsed while deqp-vk writes it: a half-written line is not a result.
import importlib.machinery  # noqa: E402
import importlib.util  # noqa: E402
_loader = importlib.machinery.SourceFileLoader('run_deqp', runner)
_spec = importlib.util.spec_from_loader('run_deqp', _loader)
run_deqp = importlib.util.module_from_spec(_spec)
_loader.exec_module(run_deqp)
partial = ('#beginTestCaseResult a.b\n<Result StatusCode="Fail">bad &amp; worse</Result>\n'
           '#endTestCaseResult\n#beginTestCaseResult a.c\n<Result StatusCode="Pa')
check(run_deqp.parse_qpa(partial) == ([('a.b', 'Fail', 0.0, 'bad & worse')], 'a.c'),
      f'parse_qpa on a partial log: {run_deqp.parse_qpa(partial)}')

with tempfile.TemporaryDirectory() as tmp:
    good = ('dEQP-VK.fake.a.fail_1,Fail\ndEQP-VK.fake.b.crash_1,Crash\n'
            'dEQP-VK.fake.b.hang_1,Timeout\ndEQP-VK.fake.c.fail_expected,Fail\n'
            'dEQP-VK.fake.d.resourceerror_1,ResourceError\n')
    p, rows = run(tmp, good)
    check(p.returncode == 0, 'all results expected -> exit 0', p)
    check(len(rows) == 12, f'12 cases run (skips and --include applied), got {len(rows)}', p)
    check(rows['dEQP-VK.fake.d.resourceerror_1'][0] == 'ResourceError' and
          rows['dEQP-VK.fake.d.pass_6'][0] == 'Pass',
          'a run deqp-vk ends by itself (ResourceError) resumes without blaming the next case', p)
    check(rows['dEQP-VK.fake.a.pass_1'] == ('Pass', 0.025), 'pass with duration', p)
    check(rows['dEQP-VK.fake.b.crash_1'][0] == 'Crash', 'crash recorded', p)
    check(rows['dEQP-VK.fake.b.hang_1'][0] == 'Timeout', 'hang recorded as Timeout', p)
    check(rows['dEQP-VK.fake.b.pass_3'][0] == 'Pass' and rows['dEQP-VK.fake.b.pass_4'][0] == 'Pass',
          'batch continues after a crash and after a hang', p)
    check(rows['dEQP-VK.fake.c.notsupported_1'][0] == 'NotSupported', 'NotSupported', p)
    check('Summary: Pass 6, Fail 2, Crash 1, Timeout 1, NotSupported 1, ResourceError 1' in p.stdout,
          'summary line', p)
    check('dEQP-VK.fake.c.pass_fixed' in rows and 'dEQP-VK.fake.c.skipped_1' not in rows, 'skips', p)

    # An unexpected failure and an expected failure that now passes both fail the run.
    p, rows = run(tmp, good.replace('dEQP-VK.fake.a.fail_1,Fail\n', '') +
                  'dEQP-VK.fake.c.pass_fixed,Fail\n')
    check(p.returncode == 1, 'unexpected results -> exit 1', p)
    check('dEQP-VK.fake.a.fail_1,Fail' in p.stdout, 'unexpected failure listed', p)
    check('dEQP-VK.fake.c.pass_fixed,Pass (expected Fail)' in p.stdout, 'fixed case listed', p)

    # Flakes are never reported.
    p, rows = run(tmp, good.replace('dEQP-VK.fake.a.fail_1,Fail\n', ''), flakes='dEQP-VK.fake.a.fail_*\n')
    check(p.returncode == 0, 'flake ignored', p)
    # Why each case did not pass, with deqp-vk's message.
    reasons = open(os.path.join(tmp, 'out', 'reasons.txt')).read()
    check('dEQP-VK.fake.c.notsupported_1,NotSupported,NotSupported\n' in reasons and
          'dEQP-VK.fake.d.resourceerror_1,ResourceError,out of memory\n' in reasons and
          'pass_1' not in reasons, 'reasons.txt:\n' + reasons)

    # Summary per group, written next to results.csv.
    summary = open(os.path.join(tmp, 'out', 'summary.txt')).read()
    check('dEQP-VK.fake  P 6 F 2 C 1 T 1 NS 1 O 1' in summary and 'total' in summary,
          'per-group summary (grouped by the --include glob):\n' + summary)

    # --groups file + --fraction: every 2nd case of groups a and c (skips applied first).
    with open(os.path.join(tmp, 'groups'), 'w') as f:
        f.write('# comment\ndEQP-VK.fake.a.*\ndEQP-VK.fake.c.*\n')
    p, rows = run(tmp, good, extra=('--groups', os.path.join(tmp, 'groups'), '--fraction', '2',
                                    '--no-expectations'))
    # Included after skips, in the binary's order: a.pass_1 a.pass_2 a.fail_1 b.crash_1
    # b.pass_3 b.hang_1 b.pass_4 c.notsupported_1 c.fail_expected c.pass_fixed d.resourceerror_1
    # d.pass_6.
    check(sorted(rows) == ['dEQP-VK.fake.a.fail_1', 'dEQP-VK.fake.a.pass_1', 'dEQP-VK.fake.b.pass_3',
                           'dEQP-VK.fake.b.pass_4', 'dEQP-VK.fake.c.fail_expected',
                           'dEQP-VK.fake.d.resourceerror_1'],
          f'every 2nd included case, got {sorted(rows)}', p)
    check(p.returncode == 0, '--no-expectations never fails the run', p)

    # Side by side: the same results twice under two names.
    csv = os.path.join(tmp, 'out', 'results.csv')
    s = subprocess.run([sys.executable, os.path.join(here, 'summarize.py'), '--depth', '3',
                        f'agx={csv}', f'ref={csv}'], capture_output=True, text=True)
    lines = s.stdout.splitlines()
    check(s.returncode == 0 and lines[0].split() == ['group', 'agx', 'ref'] and
          lines[1].split() == ['dEQP-VK.fake.a', 'P', '1', 'F', '1', 'P', '1', 'F', '1'],
          'summarize side by side, grouped by depth: ' + s.stdout + s.stderr)
    ex = subprocess.run([sys.executable, os.path.join(here, 'summarize.py'), '--expectations',
                         os.path.join(tmp, 'out', 'reasons.txt')], capture_output=True, text=True)
    check(ex.returncode == 0 and '# ResourceError (1): out of memory\ndEQP-VK.fake.d.resourceerror_1,ResourceError'
          in ex.stdout and 'notsupported' not in ex.stdout, 'expectations from reasons: ' + ex.stdout + ex.stderr)
    bad = subprocess.run([sys.executable, os.path.join(here, 'summarize.py'), os.path.join(tmp, 'groups')],
                         capture_output=True, text=True)
    check(bad.returncode != 0 and 'not a run-deqp results.csv' in bad.stderr, 'bad csv rejected')
    # --offset 1 takes the other half of the same sample.
    p, rows2 = run(tmp, good, extra=('--groups', os.path.join(tmp, 'groups'), '--fraction', '2',
                                     '--offset', '1', '--no-expectations'))
    check(not set(rows) & set(rows2) and len(rows2) == 6,
          f'--offset 1 gives the complementary half, got {sorted(rows2)}', p)
    p, _ = run(tmp, good, extra=('--fraction', '2', '--offset', '2', '--no-expectations'))
    check(p.returncode != 0 and 'offset' in p.stderr, '--offset beyond --fraction is refused', p)

    # A case name the binary does not know ends the session without a result:
    # NotFound (not Crash), listed on stderr, an unexpected result, and kept
    # out of the agx-fails.txt lines summarize.py suggests.
    with open(os.path.join(tmp, 'list'), 'w') as f:
        f.write('dEQP-VK.fake.a.pass_1\ndEQP-VK.fake.a.no_such_case\ndEQP-VK.fake.a.pass_2\n')
    p, rows = run(tmp, good + 'dEQP-VK.fake.a.no_such_case,Crash\n',
                  extra=('--caselist', os.path.join(tmp, 'list')))
    check(rows.get('dEQP-VK.fake.a.no_such_case') == ('NotFound', 0.0) and
          rows['dEQP-VK.fake.a.pass_2'][0] == 'Pass' and len(rows) == 3,
          f'unknown case name -> NotFound, got {rows}', p)
    check(p.returncode == 1 and 'does not know 1 case name' in p.stderr and
          'dEQP-VK.fake.a.no_such_case,NotFound' in p.stdout, 'NotFound is reported and fails the run', p)
    ex = subprocess.run([sys.executable, os.path.join(here, 'summarize.py'), '--expectations',
                         os.path.join(tmp, 'out', 'reasons.txt')], capture_output=True, text=True)
    check(ex.returncode == 0 and 'no_such_case' not in ex.stdout, 'NotFound never suggested: ' + ex.stdout)
print('ok')
