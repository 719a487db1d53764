#!/usr/bin/python3
"""The benchmark's tables as figures: make plot [LOG=file] [DOCS=1].

Reads the machine-readable lines of a benchmark run (docs/benchmarks.md,
"Machine-readable output"): `make bench` saves its run as build/bench.log, and any
other log works too, a serial capture from a PC included. Writes one SVG per table
that the log has (variants, mitigations, processes, clock) into build/plots/, or
with --docs into docs/figures/, where docs/benchmarks.md shows them. Every bar is
labelled with its value, and the same value is kept in the bar's SVG id
(`bar:ROW:OP:VALUE`), so make test can hold a committed figure against the table it
draws. Run with Debian's python3, whose python3-matplotlib scripts/setup.sh installs.
"""
import argparse
import collections
import os
import re
import sys

import matplotlib
matplotlib.use('svg')
import matplotlib.pyplot as plt  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE = re.compile(r'^bench (variant|mitigations|proc|clock)=(\S+)(?: op=(\S+))? .*?'
                  r'ticks_per_(?:call|op)=(-?[\d.]+)')
# One colour per design generation, oldest first (docs/entry.md, "The entry variants: a
# timeline"); the first prefix a row starts with gives its colour.
GENERATIONS = (('asm-fastpath', '#7f7f7f'), ('irqsave-outline', '#8c564b'), ('irqsave', '#d62728'),
               ('irqoff-outline', '#ff7f0e'), ('irqoff-inline-split', '#bcbd22'),
               ('irqoff-inline', '#2ca02c'), ('', '#1f77b4'))


def read(log):
    """{table: {row: {op: value}}} from a log's machine-readable lines; the first of
    each (row, op) wins, as a second boot repeats them."""
    tables = collections.defaultdict(lambda: collections.defaultdict(dict))
    for line in open(log, errors='replace'):
        m = LINE.match(line.strip())
        if m and (m[3] or 'time') not in tables[m[1]][m[2]]:
            tables[m[1]][m[2]][m[3] or 'time'] = float(m[4])
    return tables


def colour(row):
    return next(c for prefix, c in GENERATIONS if row.startswith(prefix))


def bars(ax, rows, op, unit):
    """One horizontal bar per row with its value, each bar's id naming row, op and value."""
    names = [r for r in rows if op in rows[r]]
    values = [rows[r][op] for r in names]
    drawn = ax.barh(names, values, color=[colour(n) for n in names])
    for bar, name, value in zip(drawn, names, values):
        bar.set_gid(f'bar:{name}:{op}:{value:g}')
        ax.text(bar.get_width(), bar.get_y() + bar.get_height() / 2, f' {value:g}',
                va='center', fontsize=8)
    ax.set_title(op, fontsize=10)
    ax.set_xlabel(unit, fontsize=8)
    ax.tick_params(labelsize=8)
    ax.margins(x=0.25)


def figure(rows, ops, title, unit, floor=None):
    fig, axes = plt.subplots(1, len(ops), figsize=(3.4 * len(ops) + 2.4, 0.4 * len(rows) + 1.6),
                             squeeze=False, sharey=True)
    for ax, op in zip(axes[0], ops):
        bars(ax, rows, op, unit)
    axes[0][0].invert_yaxis()		# shared: the table's order, top to bottom
    for ax, op in zip(axes[0], ops):
        if floor is not None and op == 'invalid':
            ax.axvline(floor, color='black', linestyle=':', linewidth=1)
            ax.text(floor, -0.6, f' floor {floor:g}', fontsize=7, va='bottom')
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig


def plots(tables, unit):
    """[(file name, figure)] for the tables the log has."""
    out = []
    variants = {r: v for r, v in tables.get('variant', {}).items() if r != 'floor'}
    if variants:
        floor = tables['variant'].get('floor', {}).get('invalid')
        ops = [op for op in ('kill', 'invalid', 'getpid', 'kill-handled')
               if any(op in v for v in variants.values())]
        out.append(('variants.svg', figure(variants, ops, 'Entry variants, per call', unit,
                                           floor)))
    if tables.get('mitigations'):
        ops = [op for op in ('kill', 'invalid', 'getpid')
               if any(op in v for v in tables['mitigations'].values())]
        out.append(('mitigations.svg', figure(tables['mitigations'], ops,
                                              'Speculation mitigations, per call', unit)))
    if tables.get('proc'):
        out.append(('processes.svg', figure(tables['proc'], ['time'],
                                            'Round trips through a context switch', unit)))
    if tables.get('clock'):
        out.append(('clock.svg', figure(tables['clock'], ['time'],
                                        'clock_gettime(), per call', unit)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--log', default=os.path.join(ROOT, 'build', 'bench.log'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'build', 'plots'))
    ap.add_argument('--docs', action='store_true', help='write docs/figures/ instead')
    a = ap.parse_args()
    if not os.path.exists(a.log):
        sys.exit(f'plot: no {a.log}: run "make bench" first, or give LOG=file')
    text = open(a.log, errors='replace').read()
    unit = 'instructions (QEMU icount)' if 'clock: instructions (QEMU icount' in text else \
        'RDTSC ticks'
    out = os.path.join(ROOT, 'docs', 'figures') if a.docs else a.out
    os.makedirs(out, exist_ok=True)
    plt.rcParams.update({'svg.fonttype': 'none', 'svg.hashsalt': 'entrylab'})
    made = plots(read(a.log), unit)
    if not made:
        sys.exit(f'plot: {a.log} has no "bench ...=" lines')
    for name, fig in made:
        fig.savefig(os.path.join(out, name), metadata={'Date': None})
        print(f'plot: {os.path.relpath(os.path.join(out, name), ROOT)}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
