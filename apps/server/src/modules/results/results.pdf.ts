import type { TrailResult } from '@cairn/shared';
import type { PdfBlock, PdfSpec } from '../../lib/pdf/pdf.renderer';

type Labels = {
  certificate: string;
  certifies: string;
  completed: string;
  date: string;
  results: string;
  learner: string;
  status: string;
  score: string;
  tries: string;
  points: string;
  crowns: string;
  rewards: string;
  dimensions: string;
  answered: string;
  right: string;
  wrong: string;
  notAnswered: string;
  statuses: Record<TrailResult['summary']['status']['status'], string>;
};

/** PDF texts in the 15 interface languages (the PDF is read in the learner's language). */
const LABELS: Record<string, Labels> = {
  en: {
    certificate: 'Certificate',
    certifies: 'This certifies that',
    completed: 'has successfully completed',
    date: 'Date',
    results: 'Results',
    learner: 'Learner',
    status: 'Status',
    score: 'Score',
    tries: 'Tries',
    points: 'Points',
    crowns: 'Crowns',
    rewards: 'Rewards',
    dimensions: 'Dimensions',
    answered: 'Your answer',
    right: 'right',
    wrong: 'wrong',
    notAnswered: 'not answered',
    statuses: {
      not_started: 'Not started',
      in_progress: 'In progress',
      completed: 'Completed',
      passed: 'Passed',
      failed: 'Failed',
    },
  },
  de: {
    certificate: 'Zertifikat',
    certifies: 'Hiermit wird bestätigt, dass',
    completed: 'erfolgreich abgeschlossen hat',
    date: 'Datum',
    results: 'Ergebnisse',
    learner: 'Lernende Person',
    status: 'Status',
    score: 'Ergebnis',
    tries: 'Versuche',
    points: 'Punkte',
    crowns: 'Kronen',
    rewards: 'Belohnungen',
    dimensions: 'Dimensionen',
    answered: 'Deine Antwort',
    right: 'richtig',
    wrong: 'falsch',
    notAnswered: 'nicht beantwortet',
    statuses: {
      not_started: 'Nicht begonnen',
      in_progress: 'In Bearbeitung',
      completed: 'Abgeschlossen',
      passed: 'Bestanden',
      failed: 'Nicht bestanden',
    },
  },
  es: {
    certificate: 'Certificado',
    certifies: 'Se certifica que',
    completed: 'ha completado con éxito',
    date: 'Fecha',
    results: 'Resultados',
    learner: 'Participante',
    status: 'Estado',
    score: 'Puntuación',
    tries: 'Intentos',
    points: 'Puntos',
    crowns: 'Coronas',
    rewards: 'Recompensas',
    dimensions: 'Dimensiones',
    answered: 'Tu respuesta',
    right: 'correcta',
    wrong: 'incorrecta',
    notAnswered: 'sin responder',
    statuses: {
      not_started: 'Sin empezar',
      in_progress: 'En curso',
      completed: 'Completado',
      passed: 'Aprobado',
      failed: 'Suspendido',
    },
  },
  fr: {
    certificate: 'Certificat',
    certifies: 'Nous certifions que',
    completed: 'a terminé avec succès',
    date: 'Date',
    results: 'Résultats',
    learner: 'Apprenant',
    status: 'Statut',
    score: 'Score',
    tries: 'Essais',
    points: 'Points',
    crowns: 'Couronnes',
    rewards: 'Récompenses',
    dimensions: 'Dimensions',
    answered: 'Votre réponse',
    right: 'juste',
    wrong: 'fausse',
    notAnswered: 'sans réponse',
    statuses: {
      not_started: 'Pas commencé',
      in_progress: 'En cours',
      completed: 'Terminé',
      passed: 'Réussi',
      failed: 'Échoué',
    },
  },
  hi: {
    certificate: 'प्रमाणपत्र',
    certifies: 'यह प्रमाणित किया जाता है कि',
    completed: 'ने सफलतापूर्वक पूरा किया है',
    date: 'तारीख़',
    results: 'परिणाम',
    learner: 'शिक्षार्थी',
    status: 'स्थिति',
    score: 'अंक',
    tries: 'प्रयास',
    points: 'पॉइंट',
    crowns: 'मुकुट',
    rewards: 'पुरस्कार',
    dimensions: 'आयाम',
    answered: 'आपका उत्तर',
    right: 'सही',
    wrong: 'ग़लत',
    notAnswered: 'उत्तर नहीं दिया',
    statuses: {
      not_started: 'शुरू नहीं हुआ',
      in_progress: 'जारी है',
      completed: 'पूरा हुआ',
      passed: 'उत्तीर्ण',
      failed: 'अनुत्तीर्ण',
    },
  },
  id: {
    certificate: 'Sertifikat',
    certifies: 'Dengan ini menyatakan bahwa',
    completed: 'telah berhasil menyelesaikan',
    date: 'Tanggal',
    results: 'Hasil',
    learner: 'Peserta',
    status: 'Status',
    score: 'Skor',
    tries: 'Percobaan',
    points: 'Poin',
    crowns: 'Mahkota',
    rewards: 'Hadiah',
    dimensions: 'Dimensi',
    answered: 'Jawaban Anda',
    right: 'benar',
    wrong: 'salah',
    notAnswered: 'tidak dijawab',
    statuses: {
      not_started: 'Belum dimulai',
      in_progress: 'Sedang berjalan',
      completed: 'Selesai',
      passed: 'Lulus',
      failed: 'Tidak lulus',
    },
  },
  it: {
    certificate: 'Certificato',
    certifies: 'Si certifica che',
    completed: 'ha completato con successo',
    date: 'Data',
    results: 'Risultati',
    learner: 'Partecipante',
    status: 'Stato',
    score: 'Punteggio',
    tries: 'Tentativi',
    points: 'Punti',
    crowns: 'Corone',
    rewards: 'Premi',
    dimensions: 'Dimensioni',
    answered: 'La tua risposta',
    right: 'giusta',
    wrong: 'sbagliata',
    notAnswered: 'senza risposta',
    statuses: {
      not_started: 'Non iniziato',
      in_progress: 'In corso',
      completed: 'Completato',
      passed: 'Superato',
      failed: 'Non superato',
    },
  },
  ms: {
    certificate: 'Sijil',
    certifies: 'Dengan ini disahkan bahawa',
    completed: 'telah berjaya menamatkan',
    date: 'Tarikh',
    results: 'Keputusan',
    learner: 'Pelajar',
    status: 'Status',
    score: 'Skor',
    tries: 'Percubaan',
    points: 'Mata',
    crowns: 'Mahkota',
    rewards: 'Ganjaran',
    dimensions: 'Dimensi',
    answered: 'Jawapan anda',
    right: 'betul',
    wrong: 'salah',
    notAnswered: 'tidak dijawab',
    statuses: {
      not_started: 'Belum bermula',
      in_progress: 'Sedang berjalan',
      completed: 'Selesai',
      passed: 'Lulus',
      failed: 'Gagal',
    },
  },
  nl: {
    certificate: 'Certificaat',
    certifies: 'Hierbij wordt verklaard dat',
    completed: 'met succes heeft afgerond',
    date: 'Datum',
    results: 'Resultaten',
    learner: 'Deelnemer',
    status: 'Status',
    score: 'Score',
    tries: 'Pogingen',
    points: 'Punten',
    crowns: 'Kronen',
    rewards: 'Beloningen',
    dimensions: 'Dimensies',
    answered: 'Jouw antwoord',
    right: 'goed',
    wrong: 'fout',
    notAnswered: 'niet beantwoord',
    statuses: {
      not_started: 'Niet begonnen',
      in_progress: 'Bezig',
      completed: 'Voltooid',
      passed: 'Geslaagd',
      failed: 'Niet geslaagd',
    },
  },
  pl: {
    certificate: 'Certyfikat',
    certifies: 'Niniejszym zaświadcza się, że',
    completed: 'pomyślnie ukończył(a)',
    date: 'Data',
    results: 'Wyniki',
    learner: 'Uczestnik',
    status: 'Status',
    score: 'Wynik',
    tries: 'Próby',
    points: 'Punkty',
    crowns: 'Korony',
    rewards: 'Nagrody',
    dimensions: 'Wymiary',
    answered: 'Twoja odpowiedź',
    right: 'poprawna',
    wrong: 'błędna',
    notAnswered: 'bez odpowiedzi',
    statuses: {
      not_started: 'Nierozpoczęte',
      in_progress: 'W toku',
      completed: 'Ukończone',
      passed: 'Zaliczone',
      failed: 'Niezaliczone',
    },
  },
  th: {
    certificate: 'ใบรับรอง',
    certifies: 'ขอรับรองว่า',
    completed: 'ได้สำเร็จหลักสูตร',
    date: 'วันที่',
    results: 'ผลลัพธ์',
    learner: 'ผู้เรียน',
    status: 'สถานะ',
    score: 'คะแนน',
    tries: 'จำนวนครั้ง',
    points: 'แต้ม',
    crowns: 'มงกุฎ',
    rewards: 'รางวัล',
    dimensions: 'มิติ',
    answered: 'คำตอบของคุณ',
    right: 'ถูก',
    wrong: 'ผิด',
    notAnswered: 'ไม่ได้ตอบ',
    statuses: {
      not_started: 'ยังไม่เริ่ม',
      in_progress: 'กำลังดำเนินการ',
      completed: 'เสร็จสิ้น',
      passed: 'ผ่าน',
      failed: 'ไม่ผ่าน',
    },
  },
  tl: {
    certificate: 'Sertipiko',
    certifies: 'Pinatutunayan nito na si',
    completed: 'ay matagumpay na nakatapos ng',
    date: 'Petsa',
    results: 'Mga resulta',
    learner: 'Mag-aaral',
    status: 'Katayuan',
    score: 'Iskor',
    tries: 'Mga pagsubok',
    points: 'Puntos',
    crowns: 'Mga korona',
    rewards: 'Mga gantimpala',
    dimensions: 'Mga dimensyon',
    answered: 'Iyong sagot',
    right: 'tama',
    wrong: 'mali',
    notAnswered: 'walang sagot',
    statuses: {
      not_started: 'Hindi pa nasisimulan',
      in_progress: 'Kasalukuyan',
      completed: 'Tapos na',
      passed: 'Pumasa',
      failed: 'Hindi pumasa',
    },
  },
  zh_CN: {
    certificate: '证书',
    certifies: '兹证明',
    completed: '已成功完成',
    date: '日期',
    results: '成绩',
    learner: '学员',
    status: '状态',
    score: '得分',
    tries: '尝试次数',
    points: '积分',
    crowns: '皇冠',
    rewards: '奖励',
    dimensions: '维度',
    answered: '你的答案',
    right: '正确',
    wrong: '错误',
    notAnswered: '未作答',
    statuses: { not_started: '未开始', in_progress: '进行中', completed: '已完成', passed: '通过', failed: '未通过' },
  },
  zh_HK: {
    certificate: '證書',
    certifies: '茲證明',
    completed: '已成功完成',
    date: '日期',
    results: '成績',
    learner: '學員',
    status: '狀態',
    score: '得分',
    tries: '嘗試次數',
    points: '積分',
    crowns: '皇冠',
    rewards: '獎勵',
    dimensions: '維度',
    answered: '你的答案',
    right: '正確',
    wrong: '錯誤',
    notAnswered: '未作答',
    statuses: { not_started: '未開始', in_progress: '進行中', completed: '已完成', passed: '合格', failed: '不合格' },
  },
  zh_TW: {
    certificate: '證書',
    certifies: '茲證明',
    completed: '已成功完成',
    date: '日期',
    results: '成績',
    learner: '學員',
    status: '狀態',
    score: '得分',
    tries: '嘗試次數',
    points: '積分',
    crowns: '皇冠',
    rewards: '獎勵',
    dimensions: '維度',
    answered: '你的答案',
    right: '正確',
    wrong: '錯誤',
    notAnswered: '未作答',
    statuses: { not_started: '未開始', in_progress: '進行中', completed: '已完成', passed: '通過', failed: '未通過' },
  },
};

export const labelsFor = (locale: string): Labels => LABELS[locale] ?? LABELS.en;

/** A date as the locale writes it (th: Buddhist era, as Thai readers expect). */
export function localDate(d: Date, locale: string): string {
  const tag = locale.replace('_', '-');
  try {
    return d.toLocaleDateString(tag, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  } catch {
    return d.toISOString().slice(0, 10);
  }
}

/** The certificate: the learner's name, the trail, the certificate title and the date. */
export function certificateSpec(input: {
  locale: string;
  title: string;
  learner: string;
  trail: string;
  issuedAt: Date;
}): PdfSpec {
  const l = labelsFor(input.locale);
  return {
    locale: input.locale,
    title: `${input.title} — ${input.learner}`,
    layout: 'landscape',
    align: 'center',
    frame: true,
    blocks: [
      { kind: 'title', text: l.certificate },
      { kind: 'heading', text: input.title },
      { kind: 'gap', size: 1 },
      { kind: 'text', text: l.certifies, muted: true },
      { kind: 'title', text: input.learner },
      { kind: 'text', text: l.completed, muted: true },
      { kind: 'heading', text: input.trail },
      { kind: 'gap', size: 1.5 },
      { kind: 'row', label: l.date, value: localDate(input.issuedAt, input.locale) },
    ],
  };
}

const ratio = (s: { score: number; total: number }) => (s.total > 0 ? `${s.score}/${s.total}` : String(s.score));

/** The results PDF: the summary, dimensions of assessments, and each question with the learner's answer. */
export function resultsSpec(result: TrailResult, locale: string, generatedAt: Date): PdfSpec {
  const l = labelsFor(locale);
  const s = result.summary;
  const blocks: PdfBlock[] = [
    { kind: 'title', text: `${l.results}: ${result.trail.name}` },
    { kind: 'row', label: l.learner, value: result.user.name },
    { kind: 'row', label: l.date, value: localDate(generatedAt, locale) },
    { kind: 'row', label: l.status, value: l.statuses[s.status.status] },
    { kind: 'row', label: l.score, value: ratio(s.status) },
    { kind: 'row', label: l.points, value: ratio(s.points) },
    { kind: 'row', label: l.crowns, value: ratio(s.crowns) },
    { kind: 'row', label: l.rewards, value: ratio(s.rewards) },
    { kind: 'row', label: l.tries, value: ratio(s.tries) },
  ];
  if (result.player?.dimensions.length) {
    blocks.push({ kind: 'heading', text: l.dimensions });
    for (const d of result.player.dimensions) blocks.push({ kind: 'row', label: d.name, value: ratio(d) });
  }
  for (const marker of result.markers) {
    blocks.push({ kind: 'heading', text: marker.marker_name });
    for (const p of marker.pebbles) {
      const verdict = !p.answered ? l.notAnswered : p.passed === null ? '' : p.passed ? l.right : l.wrong;
      blocks.push({ kind: 'text', text: `${p.name}${p.property ? ` — ${p.property}` : ''}` });
      const chosen = p.options
        .filter((o) => o.selected)
        .map((o) => o.input?.text ?? o.title)
        .join(', ');
      if (p.answered)
        blocks.push({ kind: 'row', label: l.answered, value: `${chosen || '—'}${verdict ? ` (${verdict})` : ''}` });
      else blocks.push({ kind: 'text', text: verdict, muted: true });
    }
  }
  return { locale, title: `${l.results}: ${result.trail.name}`, blocks };
}
