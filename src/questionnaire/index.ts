// src/questionnaire: each module adds its exports here.
export {};
