#!/usr/bin/env python3
"""Usage: callgraph.py BUILD_DIR [--paths N]

The kernel's static call graph, from the NAME.ci files gcc's -fcallgraph-info=su
writes beside each object (make callgraph builds them with CALLGRAPH=1): every
cycle of direct calls (recursion, direct or through others), and the deepest
stack a chain of direct calls can take, summing each function's frame as gcc
gives it. Calls through pointers (file operations, the syscall table, handlers)
are not in gcc's graph: the kernel's end-of-run "stack:" lines measure what they
use (docs/testing.md, "Kernel stacks").

Each cycle must be in BOUNDED below, which says what bounds its depth; a cycle
that is not, or an entry whose cycle is gone, is a problem: exit status 1.
"""
import glob
import os
import re
import sys

# {frozenset of the cycle's functions: why its depth is bounded}. A function's name
# is as gcc titles it: FILE:NAME for a static one, NAME for the others.
PAGING = 'arch/x86/mm/paging.c'
LEVELS = 'one call per page-table level below its argument (at most 3 below the PML4)'
BOUNDED = {
    frozenset({f'{PAGING}:copy_table_cow'}): LEVELS,
    frozenset({f'{PAGING}:free_table'}): LEVELS,
    frozenset({f'{PAGING}:free_tables'}): LEVELS,
    frozenset({f'{PAGING}:checksum_table'}): LEVELS,
    frozenset({'arch/x86/mm/pti_test.c:walk'}): LEVELS,
    frozenset({'kernel/fs/eventpoll.c:nest_depth_below_locked'}):
        'EP_MAX_NESTS + 2 deep: the walk stops past EP_MAX_NESTS, and no chain grows longer',
    frozenset({'kernel/fs/eventpoll.c:nest_depth_above_locked'}):
        'EP_MAX_NESTS + 2 deep: the walk stops past EP_MAX_NESTS, and no chain grows longer',
    frozenset({'kernel/seccomp/seccomp.c:seccomp_filter_decide'}):
        'once: a call a tracer changed is judged again with recheck set, which does '
        'not recurse',
    frozenset({'lib/selftest_test.c:oops_demo_recurse.isra.0'}):
        'not bounded, on purpose: selftest.oops_demo=stack overflows the stack into its '
        'guard page (the kernel-stack-overflow-double-fault case)',
}

NODE = re.compile(r'^node: \{ title: "([^"]+)" label: "([^"]+)"')
EDGE = re.compile(r'^edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')
FRAME = re.compile(r'\\n(\d+) bytes \((static|dynamic[^)]*)\)')


def read_graph(build):
    """({function: frame bytes}, {function: {callee}}) of every .ci under build."""
    frames, calls = {}, {}
    for path in glob.glob(os.path.join(build, '**', '*.ci'), recursive=True):
        for line in open(path):
            m = NODE.match(line)
            if m:
                f = FRAME.search(m[2])
                if f:
                    frames[m[1]] = max(frames.get(m[1], 0), int(f[1]))
                continue
            m = EDGE.match(line)
            if m:
                calls.setdefault(m[1], set()).add(m[2])
    # A callee defined nowhere in C (assembly, a builtin) has no frame of its own here.
    return frames, {f: {c for c in cs if c in frames} for f, cs in calls.items()}


def cycles(frames, calls):
    """The strongly connected components that are cycles (Tarjan's, iteratively)."""
    index, low, on, stack, out, n = {}, {}, set(), [], [], 0
    for root in frames:
        if root in index:
            continue
        work = [(root, iter(sorted(calls.get(root, ()))))]
        index[root] = low[root] = n
        n += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    scc = set()
                    while True:
                        x = stack.pop()
                        on.discard(x)
                        scc.add(x)
                        if x == v:
                            break
                    if len(scc) > 1 or v in calls.get(v, ()):
                        out.append(frozenset(scc))
            elif w not in index:
                index[w] = low[w] = n
                n += 1
                stack.append(w)
                on.add(w)
                work.append((w, iter(sorted(calls.get(w, ())))))
            elif w in on:
                low[v] = min(low[v], index[w])
    return out


def deepest_paths(frames, calls, sccs):
    """[(bytes, [functions])]: the deepest chain of direct calls from each function,
    deepest first. Calls within a cycle are left out (its depth is its bound's)."""
    comp = {f: scc for scc in sccs for f in scc}
    out = {f: [c for c in sorted(calls.get(f, ())) if comp.get(c) is None or comp[c] != comp.get(f)]
           for f in frames}
    memo = {}
    for root in frames:
        work = [root]
        while work:                     # post-order, iteratively: chains are long
            v = work[-1]
            todo = [c for c in out[v] if c not in memo]
            if todo:
                work += todo
                continue
            work.pop()
            best = max((memo[c] for c in out[v]), default=(0, []))
            memo[v] = (frames[v] + best[0], [v] + best[1])
    return sorted(memo.values(), reverse=True)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.split('\n')[0])
    build = sys.argv[1]
    count = int(sys.argv[sys.argv.index('--paths') + 1]) if '--paths' in sys.argv else 1
    frames, calls = read_graph(build)
    if not frames:
        sys.exit(f'callgraph.py: no .ci files under {build} (make callgraph builds them)')
    found = cycles(frames, calls)
    problems = []
    for scc in sorted(found, key=sorted):
        why = BOUNDED.get(scc)
        print(f'cycle: {" -> ".join(sorted(scc))}: ' + (why or 'NOT BOUNDED'))
        if not why:
            problems.append(f'a cycle not in BOUNDED: {sorted(scc)}')
    problems += [f'BOUNDED names a cycle that no longer exists: {sorted(c)}'
                 for c in BOUNDED if c not in found]
    seen = set()
    for total, path in deepest_paths(frames, calls, found):
        if path[0] in seen or count == 0:
            continue
        seen.update(path)
        count -= 1
        print(f'deepest: {total} bytes: ' + ' -> '.join(f'{f.split(":")[-1]} {frames[f]}'
                                                       for f in path))
    print(f'{len(frames)} functions, {sum(len(c) for c in calls.values())} direct calls, '
          f'{len(found)} cycles')
    for p in problems:
        print(f'PROBLEM {p}')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
