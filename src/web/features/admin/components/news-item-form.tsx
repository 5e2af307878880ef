import { useState, type FormEvent } from 'react';
import { NEWS_CATEGORIES, type NewsCategory, type NewsItem } from '../../../../shared/news.js';
import { NEWS_CATEGORY_LABELS } from '../../news/index.js';
import { fromReunionDateTime, reunionDateTimeOf, wholeNumberOrText } from '../../../../shared/reunion-time.js';
import { CheckboxRow, Field, FormActions, SelectInput, TextArea, TextInput } from './fields.js';
import * as adminCopy from '../../../copy/admin.js';

/** What the form sends; numbers typed wrong stay text, for the server to refuse in its own words. */
export interface NewsItemFields {
  title: string;
  summary: string;
  category: NewsCategory;
  publishedAt: string;
  author: string;
  readTime: number | string;
  views: number | string;
  viewsChange: number | string;
  image: string;
  pressUrl: string;
  trending: boolean;
}

/** Create or edit a news item. As for predictions, the server's validation is the one rule. */
export function NewsItemForm({
  item,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  item?: NewsItem;
  pending: boolean;
  error: string | null;
  onSubmit: (fields: NewsItemFields) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [summary, setSummary] = useState(item?.summary ?? '');
  const [category, setCategory] = useState<NewsCategory>(item?.category ?? 'weather');
  const [publishedAt, setPublishedAt] = useState(() => reunionDateTimeOf(item?.publishedAt ?? new Date().toISOString()));
  const [author, setAuthor] = useState(item?.author ?? '');
  const [readTime, setReadTime] = useState(String(item?.readTime ?? 3));
  const [views, setViews] = useState(String(item?.views ?? 0));
  const [viewsChange, setViewsChange] = useState(String(item?.viewsChange ?? 0));
  const [image, setImage] = useState(item?.image ?? '📰');
  const [pressUrl, setPressUrl] = useState(item?.pressUrl ?? '');
  const [trending, setTrending] = useState(item?.trending ?? false);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({
      title,
      summary,
      category,
      publishedAt: fromReunionDateTime(publishedAt),
      author,
      readTime: wholeNumberOrText(readTime),
      views: wholeNumberOrText(views),
      viewsChange: wholeNumberOrText(viewsChange),
      image,
      pressUrl,
      trending,
    });
  }

  const number = (value: string, set: (next: string) => void) => (id: string) => (
    <TextInput id={id} inputMode="numeric" value={value} onChange={(event) => set(event.target.value)} />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={item ? adminCopy.newsItemFormModifierLArticle : adminCopy.newsItemFormNouvelArticle}
      className="flex flex-col gap-4"
    >
      <Field label={adminCopy.newsItemFormTitre}>
        {(id) => <TextInput id={id} value={title} onChange={(event) => setTitle(event.target.value)} />}
      </Field>
      <Field label={adminCopy.newsItemFormResume}>
        {(id) => <TextArea id={id} value={summary} onChange={(event) => setSummary(event.target.value)} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={adminCopy.newsItemFormCategorie}>
          {(id) => (
            <SelectInput id={id} value={category} onChange={(event) => setCategory(event.currentTarget.value as NewsCategory)}>
              {NEWS_CATEGORIES.map((option) => (
                <option key={option} value={option}>
                  {NEWS_CATEGORY_LABELS[option]}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        <Field label={adminCopy.newsItemFormPublieLeHeureDe}>
          {(id) => (
            <TextInput
              id={id}
              type="datetime-local"
              value={publishedAt}
              onChange={(event) => setPublishedAt(event.target.value)}
            />
          )}
        </Field>
        <Field label={adminCopy.newsItemFormAuteur}>
          {(id) => <TextInput id={id} value={author} onChange={(event) => setAuthor(event.target.value)} />}
        </Field>
        <Field label={adminCopy.newsItemFormImageUnEmoji}>
          {(id) => <TextInput id={id} value={image} onChange={(event) => setImage(event.target.value)} />}
        </Field>
        <Field label={adminCopy.newsItemFormTempsDeLectureMinutes}>{number(readTime, setReadTime)}</Field>
        <Field label={adminCopy.newsItemFormVues}>{number(views, setViews)}</Field>
        <Field label={adminCopy.newsItemFormEvolutionDesVues}>{number(viewsChange, setViewsChange)}</Field>
        <Field label={adminCopy.newsItemFormLienVersLArticle}>
          {(id) => (
            <TextInput
              id={id}
              type="url"
              inputMode="url"
              placeholder="https://www.clicanoo.re/…"
              value={pressUrl}
              onChange={(event) => setPressUrl(event.target.value)}
            />
          )}
        </Field>
      </div>
      <CheckboxRow label={adminCopy.newsItemFormEnTendance} checked={trending} onChange={setTrending} />
      <FormActions
        submitLabel={item ? adminCopy.newsItemFormEnregistrer : adminCopy.newsItemFormPublierLArticle}
        pending={pending}
        error={error}
        onCancel={onCancel}
      />
    </form>
  );
}
