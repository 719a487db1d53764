"""Parse the KTAP version 1 output of entrylab's self-tests (kernel and ring 3).

Only the subset entrylab prints: a version line, a plan, result lines with an
optional "# SKIP reason" directive, nested subtests indented by 4 spaces, and
"#" diagnostics. Lines that are not KTAP (kernel log lines between results) are
kept as log. parse() checks structure as well as results: a plan that does not
match the number of results, or a missing plan, is an error.
"""
import re

RESULT = re.compile(r'^(?P<indent> *)(?P<ok>ok|not ok) (?P<num>\d+)(?: (?P<name>[^#]*?))?'
                    r'(?:\s*#\s*(?P<directive>.*))?$')
PLAN = re.compile(r'^(?P<indent> *)1\.\.(?P<n>\d+)$')
VERSION = re.compile(r'^(?P<indent> *)KTAP version 1$')


SUBTEST = re.compile(r'^ *# Subtest: (?P<name>.+)$')


class Case:
    def __init__(self, name, ok, skip, depth, suite='', reason=''):
        self.name, self.ok, self.skip, self.depth = name, ok, skip, depth
        self.suite, self.reason = suite, reason


def parse(lines):
    """Returns (leaf_cases, errors). leaf_cases are the innermost results."""
    errors, leaves = [], []
    plans = {}          # depth -> [planned, seen]
    seen_version = False
    suite = ''
    for raw in lines:
        line = raw.rstrip('\r\n')
        m = VERSION.match(line)
        if m:
            depth = len(m['indent']) // 4
            seen_version = True
            plans.pop(depth, None)
            continue
        m = SUBTEST.match(line)
        if m:
            suite = m['name'].strip()
            continue
        m = PLAN.match(line)
        if m and seen_version:
            plans[len(m['indent']) // 4] = [int(m['n']), 0]
            continue
        m = RESULT.match(line)
        if not m or not seen_version:
            continue
        depth = len(m['indent']) // 4
        if depth not in plans:
            errors.append(f'result without a plan: {line.strip()}')
            plans[depth] = [0, 0]
        plans[depth][1] += 1
        if int(m['num']) != plans[depth][1]:
            errors.append(f'result out of order: {line.strip()}')
        directive = (m['directive'] or '').strip()
        skip = directive.upper().startswith('SKIP')
        case = Case((m['name'] or '').strip(), m['ok'] == 'ok', skip, depth,
                    suite if depth else '', directive[4:].strip() if skip else '')
        if depth + 1 in plans:      # a suite line closes its nested plan
            planned, seen = plans.pop(depth + 1)
            if planned != seen:
                errors.append(f'{case.name}: plan 1..{planned} but {seen} results')
        else:
            leaves.append(case)
    if not seen_version:
        errors.append('no "KTAP version 1" line')
    for depth, (planned, seen) in sorted(plans.items()):
        if planned != seen:
            errors.append(f'plan 1..{planned} at depth {depth} but {seen} results '
                          '(output cut short?)')
    return leaves, errors
