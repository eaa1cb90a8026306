/**
 * The nested payloads of a survey (docs/service-behaviour.md §5.1, §P2): questions discriminated by
 * `type`, branching, display conditions, appearance. The service stores these as JSON and reads each
 * member with `.get(…)` (PostHog's posthog/api/survey.py, `SurveySerializerCreateUpdateOnly.validate_questions`,
 * `validate_appearance`, `validate_conditions`): an optional member may be `null`, and comes back as stored.
 */
import * as z from 'zod/mini'
import {
  SURVEY_CONTENT_TYPES,
  SURVEY_DEVICE_TYPES,
  SURVEY_MATCH_TYPES,
  SURVEY_NPS_BUCKETS,
  SURVEY_POSITIONS,
  SURVEY_RATING_DISPLAYS,
  SURVEY_RATING_SCALES,
  SURVEY_SENTIMENT_BUCKETS,
  SURVEY_VALIDATION_TYPES,
  SURVEY_WIDGET_TYPES,
} from './enums.js'
import { matching, nullableOptional, type ShapeOf, strictObject, type TypedSchema } from './shape.js'

/** `text` or `html` (HTML is sanitised by the service). */
export type SurveyContentType = (typeof SURVEY_CONTENT_TYPES)[number]
/**
 * A rating question's scale: 3 (emoji), 5, 7 or 10 (NPS). Spelled out (`SURVEY_RATING_SCALES` holds the same, checked
 * by test/schemas/ties.ts) so the reference shows the numbers.
 */
export type SurveyRatingScale = 3 | 5 | 7 | 10
/** How a page URL or device type is matched: `exact`, `icontains`, `regex`, … */
export type SurveyMatchType = (typeof SURVEY_MATCH_TYPES)[number]
/** A rating bucket of the NPS scale (10): `detractors` (0–6), `passives` (7–8), `promoters` (9–10). */
export type SurveyNpsBucket = (typeof SURVEY_NPS_BUCKETS)[number]
/** A rating bucket of the scales 3, 5 and 7: `negative`, `neutral`, `positive` (docs/service-behaviour.md §P2.4). */
export type SurveySentimentBucket = (typeof SURVEY_SENTIMENT_BUCKETS)[number]

/** A link the service accepts: `https://…` (with a host) or `mailto:…`. */
export type SurveyLink = `https://${string}` | `mailto:${string}`
// Patterns rather than `z.templateLiteral`: the same checks, typed the same, without zod's template-literal
// schema (and `z.int()`) in the main bundle (about 0.8 kB gzip; BENCHMARKS.md, "The bundle budget").
export const surveyLinkSchema = matching(
  /^(https:\/\/|mailto:)/,
  'a link starting with https:// or mailto:',
) as TypedSchema<SurveyLink>
/** A choice's 0-based index as an object key: `'0'`, `'1'`, … */
const choiceIndexSchema = matching(/^-?\d+$/, "a choice's index (`'0'`, `'1'`, …)") as TypedSchema<`${number}`>
/** A non-empty list: at least one item. */
export type NonEmptyArray<T> = [T, ...T[]]

export const surveyQuestionTranslationSchema = strictObject({
  /** The question. */
  question: nullableOptional(z.string()),
  /** The description. */
  description: nullableOptional(z.string()),
  /** The button text. */
  buttonText: nullableOptional(z.string()),
  /** Rating questions: the low end's label. */
  lowerBoundLabel: nullableOptional(z.string()),
  /** Rating questions: the high end's label. */
  upperBoundLabel: nullableOptional(z.string()),
  /** Link questions: the link. */
  link: nullableOptional(z.string()),
  /** Choice questions: the choices, as many as the original's. */
  choices: nullableOptional(z.array(z.string())),
})
/** The translated texts of a question for one language. */
export interface SurveyQuestionTranslation extends ShapeOf<typeof surveyQuestionTranslationSchema> {}

export const surveyQuestionValidationSchema = strictObject({
  /** `min_length`, `max_length` or `email`. */
  type: z.enum(SURVEY_VALIDATION_TYPES),
  /** The length, a positive integer (length rules only; min ≤ max). */
  value: nullableOptional(z.number()),
})
/** An open question's answer rule. */
export interface SurveyQuestionValidation extends ShapeOf<typeof surveyQuestionValidationSchema> {}

export const surveyBranchingSchema = z.discriminatedUnion('type', [
  z.strictObject({
    /** Go on to the next question (default). */
    type: z.literal('next_question'),
  }),
  z.strictObject({
    /** End the survey (shows the thank-you message). */
    type: z.literal('end'),
  }),
  z.strictObject({
    /** Jump to the question at `index`. */
    type: z.literal('specific_question'),
    /** 0-based index of the next question. */
    index: z.number(),
  }),
])
/** Where to go after a question: the next one, the end, or a given question (0-based index). */
export type SurveyBranching = z.infer<typeof surveyBranchingSchema>

/** Where an answer leads: a question's 0-based index, or `'end'`. */
const branchTargetSchema = z.union([z.number(), z.literal('end')])

export const surveyResponseBasedBranchingSchema = strictObject({
  /** Discriminator. */
  type: z.literal('response_based'),
  /**
   * Choice index (`'0'`, `'1'`, …, not the choice's text) → next question index or `'end'`; a choice left out goes on
   * to the next question.
   */
  responseValues: z.record(choiceIndexSchema, branchTargetSchema),
})
/**
 * Branching on the choice made (single-choice questions): a choice's 0-based index → the next
 * question's index, or `'end'`. Rating questions branch by bucket: {@link SurveyRatingBranching}.
 */
export interface SurveyResponseBasedBranching extends ShapeOf<typeof surveyResponseBasedBranchingSchema> {}

export const surveyRatingBranchingSchema = strictObject({
  /** Discriminator. */
  type: z.literal('response_based'),
  /**
   * Rating bucket → next question index or `'end'`; a bucket left out goes on to the next question.
   * The NPS scale (10): `detractors` (0–6), `passives` (7–8), `promoters` (9–10). The scales 3, 5 and 7:
   * `negative`, `neutral`, `positive` (3: 1, 2, 3; 5: 1–2, 3, 4–5; 7: 1–3, 4, 5–7).
   */
  responseValues: z.partialRecord(z.enum([...SURVEY_NPS_BUCKETS, ...SURVEY_SENTIMENT_BUCKETS]), branchTargetSchema),
})
/**
 * Branching on the rating given, by bucket (docs/service-behaviour.md §P2.4), e.g. on the NPS scale
 * `{ type: 'response_based', responseValues: { detractors: 1, promoters: 'end' } }`. Buckets, not
 * ratings: a key such as `'9'` would be stored and never followed.
 */
export interface SurveyRatingBranching extends ShapeOf<typeof surveyRatingBranchingSchema> {}

const questionShape = {
  /** The question text, non-empty (HTML is sanitised). */
  question: z.string(),
  /** A UUID; the service assigns one when missing. Send the existing id when editing, so answers stay attached. */
  id: nullableOptional(z.string()),
  /** Text under the question. */
  description: nullableOptional(z.string()),
  /** `text` (default) or `html`. */
  descriptionContentType: nullableOptional(z.enum(SURVEY_CONTENT_TYPES)),
  /** The question may be skipped. */
  optional: nullableOptional(z.boolean()),
  /** The submit button's text. */
  buttonText: nullableOptional(z.string()),
  /** Translations keyed by language code (not the survey's base language). */
  translations: nullableOptional(z.record(z.string(), surveyQuestionTranslationSchema)),
}
export const surveyQuestionFieldsSchema = /* @__PURE__ */ strictObject(questionShape)
/** Fields every question takes (docs/service-behaviour.md §P2.2). */
export interface SurveyQuestionFields extends ShapeOf<typeof surveyQuestionFieldsSchema> {}

export const surveyOpenQuestionSchema = strictObject(
  {
    /** Discriminator. */
    type: z.literal('open'),
    /** Rules the answer must follow. */
    validation: nullableOptional(z.array(surveyQuestionValidationSchema)),
    /** Where to go next. */
    branching: nullableOptional(surveyBranchingSchema),
  },
  questionShape,
)
/** A free-text question. */
export interface SurveyOpenQuestion extends ShapeOf<typeof surveyOpenQuestionSchema> {}

export const surveyLinkQuestionSchema = strictObject(
  {
    /** Discriminator. */
    type: z.literal('link'),
    /** The link: `https://` with a host, or `mailto:` with an address (other schemes are refused). */
    link: surveyLinkSchema,
    /** Where to go next. */
    branching: nullableOptional(surveyBranchingSchema),
  },
  questionShape,
)
/** A question with a link (a call to action). */
export interface SurveyLinkQuestion extends ShapeOf<typeof surveyLinkQuestionSchema> {}

export const surveyRatingQuestionSchema = strictObject(
  {
    /** Discriminator. */
    type: z.literal('rating'),
    /** `number` (default) or `emoji`. */
    display: nullableOptional(z.enum(SURVEY_RATING_DISPLAYS)),
    /** 3 (emoji), 5, 7 or 10 (NPS). */
    scale: nullableOptional(z.literal(SURVEY_RATING_SCALES)),
    /** Label of the low end, e.g. `Unlikely`. */
    lowerBoundLabel: nullableOptional(z.string()),
    /** Label of the high end, e.g. `Very likely`. */
    upperBoundLabel: nullableOptional(z.string()),
    /** A Net Promoter Score question (0–10). */
    isNpsQuestion: nullableOptional(z.boolean()),
    /** Submit on click, without a button. */
    skipSubmitButton: nullableOptional(z.boolean()),
    /** Where to go next, possibly by the rating's bucket (`detractors`, `passives`, `promoters` on the NPS scale). */
    branching: nullableOptional(z.discriminatedUnion('type', [surveyBranchingSchema, surveyRatingBranchingSchema])),
  },
  questionShape,
)
/** A rating (numbers or emoji; 0–10 with `isNpsQuestion` for NPS). */
export interface SurveyRatingQuestion extends ShapeOf<typeof surveyRatingQuestionSchema> {}

const choiceShape = {
  /** The choices: non-empty strings (2–20 on the service's form). */
  choices: z.tuple([z.string()], z.string()),
  /** Show the choices in random order. */
  shuffleOptions: nullableOptional(z.boolean()),
  /** The last choice becomes an open "Other" field. */
  hasOpenChoice: nullableOptional(z.boolean()),
  /** Submit on click, without a button. */
  skipSubmitButton: nullableOptional(z.boolean()),
  ...questionShape,
}
export const surveyChoiceFieldsSchema = /* @__PURE__ */ strictObject(choiceShape)
/** Fields of the choice questions. */
export interface SurveyChoiceFields extends ShapeOf<typeof surveyChoiceFieldsSchema> {}

export const surveySingleChoiceQuestionSchema = strictObject(
  {
    /** Discriminator. */
    type: z.literal('single_choice'),
    /** Where to go next, possibly by the choice made (keys are choice indexes). */
    branching: nullableOptional(
      z.discriminatedUnion('type', [surveyBranchingSchema, surveyResponseBasedBranchingSchema]),
    ),
  },
  choiceShape,
)
/** One answer among choices. */
export interface SurveySingleChoiceQuestion extends ShapeOf<typeof surveySingleChoiceQuestionSchema> {}

export const surveyMultipleChoiceQuestionSchema = strictObject(
  {
    /** Discriminator. */
    type: z.literal('multiple_choice'),
  },
  choiceShape,
)
/** Any number of answers among choices (no branching). */
export interface SurveyMultipleChoiceQuestion extends ShapeOf<typeof surveyMultipleChoiceQuestionSchema> {}

export const surveyQuestionSchema = z.discriminatedUnion('type', [
  surveyOpenQuestionSchema,
  surveyLinkQuestionSchema,
  surveyRatingQuestionSchema,
  surveySingleChoiceQuestionSchema,
  surveyMultipleChoiceQuestionSchema,
])
/** A survey question, discriminated by `type` (docs/service-behaviour.md §P2.2, §P2.3). */
export type SurveyQuestion =
  | SurveyOpenQuestion
  | SurveyLinkQuestion
  | SurveyRatingQuestion
  | SurveySingleChoiceQuestion
  | SurveyMultipleChoiceQuestion

export const surveyEventPropertyFilterSchema = strictObject({
  /** The values compared with. */
  values: z.array(z.string()),
  /** `exact`, `is_not`, `icontains`, `not_icontains`, `regex`, `not_regex`, `gt` or `lt`. */
  operator: z.union([z.enum(SURVEY_MATCH_TYPES), z.literal(['gt', 'lt'])]),
})
/** Filters on a triggering event's properties: property name → `{ values, operator }`. */
export interface SurveyEventPropertyFilter extends ShapeOf<typeof surveyEventPropertyFilterSchema> {}

export const surveyConditionsSchema = strictObject({
  /** Page URL to match (with `urlMatchType`). */
  url: nullableOptional(z.string()),
  /** How `url` matches (default `icontains`). */
  urlMatchType: nullableOptional(z.enum(SURVEY_MATCH_TYPES)),
  /** A CSS selector that must be on the page. */
  selector: nullableOptional(z.string()),
  /** Not shown to people who saw any survey in the last N days (N ≥ 0). */
  seenSurveyWaitPeriodInDays: nullableOptional(z.number()),
  /** With `linked_flag_id`: `any` or one of the linked flag's variant keys. */
  linkedFlagVariant: nullableOptional(z.string()),
  /** Only on these devices. */
  deviceTypes: nullableOptional(z.array(z.enum(SURVEY_DEVICE_TYPES))),
  /** How `deviceTypes` matches. */
  deviceTypesMatchType: nullableOptional(z.enum(SURVEY_MATCH_TYPES)),
  /** Show after one of these events. */
  events: nullableOptional(
    z.strictObject({
      /** Show on every trigger, not only the first. */
      repeatedActivation: nullableOptional(z.boolean()),
      /** The events, with optional property filters. */
      values: nullableOptional(
        z.array(
          z.strictObject({
            /** The event name. */
            name: z.string(),
            /** Property name → the values it must match. */
            propertyFilters: nullableOptional(z.record(z.string(), surveyEventPropertyFilterSchema)),
          }),
        ),
      ),
    }),
  ),
  /** Show after one of these actions (reads return the full action objects). */
  actions: nullableOptional(
    z.strictObject({
      /** The actions. */
      values: z.array(
        z.strictObject({
          /** The action's id. */
          id: z.number(),
          /** The action's name. */
          name: z.string(),
        }),
      ),
    }),
  ),
})
/** When a survey is shown (docs/service-behaviour.md §P2.5). External surveys take none of these. */
export interface SurveyConditions extends ShapeOf<typeof surveyConditionsSchema> {}

export const surveyAppearanceSchema = strictObject({
  /** Background colour. */
  backgroundColor: nullableOptional(z.string()),
  /** Submit button colour. */
  submitButtonColor: nullableOptional(z.string()),
  /** Submit button text colour. */
  submitButtonTextColor: nullableOptional(z.string()),
  /** Text colour (deprecated). */
  textColor: nullableOptional(z.string()),
  /** Description text colour. */
  descriptionTextColor: nullableOptional(z.string()),
  /** Rating button colour. */
  ratingButtonColor: nullableOptional(z.string()),
  /** Selected rating button colour. */
  ratingButtonActiveColor: nullableOptional(z.string()),
  /** Hovered rating button colour. */
  ratingButtonHoverColor: nullableOptional(z.string()),
  /** Border colour. */
  borderColor: nullableOptional(z.string()),
  /** Input background colour. */
  inputBackground: nullableOptional(z.string()),
  /** Input text colour. */
  inputTextColor: nullableOptional(z.string()),
  /** Subtle text colour. */
  textSubtleColor: nullableOptional(z.string()),
  /** Submit button text (deprecated: use each question's `buttonText`). */
  submitButtonText: nullableOptional(z.string()),
  /** Placeholder of open questions. */
  placeholder: nullableOptional(z.string()),
  /** Hide the PostHog branding (needs the white-labelling feature, else 400). */
  whiteLabel: nullableOptional(z.boolean()),
  /** Close by itself after the thank-you message. */
  autoDisappear: nullableOptional(z.boolean()),
  /** Show a thank-you message after the last question. */
  displayThankYouMessage: nullableOptional(z.boolean()),
  /** The thank-you message's header. */
  thankYouMessageHeader: nullableOptional(z.string()),
  /** The thank-you message's text. */
  thankYouMessageDescription: nullableOptional(z.string()),
  /** `text` or `html`. */
  thankYouMessageDescriptionContentType: nullableOptional(z.enum(SURVEY_CONTENT_TYPES)),
  /** The thank-you close button's text. */
  thankYouMessageCloseButtonText: nullableOptional(z.string()),
  /** Where the popover sits: `right`, `center`, `top_left`, `next_to_trigger`, … */
  position: nullableOptional(z.enum(SURVEY_POSITIONS)),
  /** Widget tab position. */
  tabPosition: nullableOptional(z.string()),
  /** Shuffle the questions (not with branching: 400). */
  shuffleQuestions: nullableOptional(z.boolean()),
  /** Delay before showing, in seconds (≥ 0; not for external surveys). */
  surveyPopupDelaySeconds: nullableOptional(z.number()),
  /** Show a Back button (web only, default `false`). */
  allowGoBack: nullableOptional(z.boolean()),
  /** The Back button's text (default `Back`). */
  backButtonText: nullableOptional(z.string()),
  /** Widget surveys: `button`, `tab` or `selector`. */
  widgetType: nullableOptional(z.enum(SURVEY_WIDGET_TYPES)),
  /** Widget surveys: the CSS selector that opens it (`selector` type). */
  widgetSelector: nullableOptional(z.string()),
  /** Widget surveys: the tab's label. */
  widgetLabel: nullableOptional(z.string()),
  /** Widget surveys: the tab's colour. */
  widgetColor: nullableOptional(z.string()),
  /** A web-safe font family. */
  fontFamily: nullableOptional(z.string()),
  /** Maximum width, CSS length. */
  maxWidth: nullableOptional(z.string()),
  /** z-index, as a string. */
  zIndex: nullableOptional(z.string()),
  /** Opacity of disabled buttons, as a string. */
  disabledButtonOpacity: nullableOptional(z.string()),
  /** Inner padding, CSS length. */
  boxPadding: nullableOptional(z.string()),
  /** Box shadow, CSS. */
  boxShadow: nullableOptional(z.string()),
  /** Border radius, CSS length. */
  borderRadius: nullableOptional(z.string()),
})
/** The look of a survey (docs/service-behaviour.md §P2.6); every field is optional. Colours are CSS colours. */
export interface SurveyAppearance extends ShapeOf<typeof surveyAppearanceSchema> {}
