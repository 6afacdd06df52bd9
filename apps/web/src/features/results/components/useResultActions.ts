import type { TrailResult } from '@cairn/shared/api/results';
import { TIMINGS } from '@cairn/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useLocalePath } from '../../../lib/use-locale';
import { fetchPebble, pebbleKey, trailsKey } from '../../trails';
import { requestResultPdf, resetUserTrails, resultKey, resultsKey, useCertificatePdfs } from '../api';
import type { CertificateLink } from './TrailResultView';

/** What the panel and the /results page both do with a result: PDF, certificates, reset, improvement jumps. */
export function useResultActions(result: TrailResult | undefined, onLeave: () => void) {
  const { t } = useTranslation('results');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const [pdfLoading, setPdfLoading] = useState(false);
  const [pdfSubmitted, setPdfSubmitted] = useState(false);
  const [resetting, setResetting] = useState(false);
  const pdfs = useCertificatePdfs(result);

  const certificates: CertificateLink[] = (result?.certificates ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    url: c.file ?? pdfs.data?.get(c.id) ?? null,
  }));

  /**
   * §4 Requesting a PDF: an existing one is a link (it opens in a new tab without this); otherwise ask for it,
   * refresh the result and say it was submitted (6 s). NOTIFY_RESULTS_PDF refreshes the result again once made.
   */
  async function requestPdf() {
    if (!result || pdfLoading) return;
    setPdfLoading(true);
    try {
      const res = await requestResultPdf(result.trail.id, result.user.id);
      await qc.invalidateQueries({ queryKey: resultKey(result.user.id, result.trail.id) });
      if (res === 'submitted') {
        setPdfSubmitted(true);
        notify.success(t('pdf.submitted'), TIMINGS.toastErrorMs);
      } else {
        window.open(res, '_blank', 'noopener');
      }
    } catch {
      // the http client already reported it; the loader just goes away
    } finally {
      setPdfLoading(false);
    }
  }

  /** §4 Resetting a trail: the result's own answers, then the player from the start, panel closed. */
  async function reset() {
    if (!result || resetting) return;
    setResetting(true);
    try {
      await resetUserTrails(result.user.id, [result.trail.id]);
      await Promise.all([
        qc.invalidateQueries({ queryKey: pebbleKey(result.trail.id) }),
        qc.invalidateQueries({ queryKey: trailsKey }),
        qc.invalidateQueries({ queryKey: resultsKey }),
      ]);
      onLeave();
      void navigate(localize(`/player/${result.trail.id}`));
    } catch {
      // reported by the http client
    } finally {
      setResetting(false);
    }
  }

  /** Jump-to-improvement: opens the player on the pebble to do better on. */
  async function improve(pebbleId: number | null) {
    if (!result) return;
    const trailId = result.trail.id;
    try {
      if (pebbleId) qc.setQueryData(pebbleKey(trailId), await fetchPebble(trailId, pebbleId));
      else await qc.invalidateQueries({ queryKey: pebbleKey(trailId) });
    } catch {
      return;
    }
    onLeave();
    void navigate(localize(`/player/${trailId}`));
  }

  return {
    certificates,
    pdfLoading,
    /** requested and not there yet */
    pdfPending: pdfSubmitted && !result?.trail.pdf,
    requestPdf,
    reset,
    resetting,
    improve,
  };
}
