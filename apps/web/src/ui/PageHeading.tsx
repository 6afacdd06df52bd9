import type { ReactNode } from 'react';

/** The page's h1 plus an optional lead paragraph. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {children && <p className="mt-2 text-slate-600">{children}</p>}
    </div>
  );
}

/** The panel shown while a list or screen has nothing in it yet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
      {children}
    </div>
  );
}

/** A screen that later work fills: a heading and a translated empty state. */
export function EmptyScreen({ title, empty }: { title: string; empty: string }) {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <PageHeading title={title} />
      <EmptyState>{empty}</EmptyState>
    </section>
  );
}
