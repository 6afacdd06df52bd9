-- issue 28, §3: the colour set behind themes.color_id (id and a colors map: color0, color2 … each {r, g, b}),
-- scoped to the customer. Every existing theme gets a set of its own holding its customer's palette (what the
-- screens draw with today), so nothing visible changes; then color_id must name a colour set (docs/branding.md).
CREATE TABLE "colour_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "colour_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"colors" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "colour_sets" ADD CONSTRAINT "colour_sets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "colour_sets_customer" ON "colour_sets" USING btree ("customer_id");
--> statement-breakpoint
DO $$
DECLARE
	t record;
	made integer;
BEGIN
	FOR t IN
		SELECT th.id, th.customer_id, c.style -> 'colors' AS colors
		FROM "themes" th JOIN "customers" c ON c.id = th.customer_id
		ORDER BY th.id
	LOOP
		INSERT INTO "colour_sets" ("customer_id", "colors") VALUES (t.customer_id, t.colors) RETURNING id INTO made;
		UPDATE "themes" SET "color_id" = made WHERE id = t.id;
	END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_color_id_colour_sets_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colour_sets"("id") ON DELETE no action ON UPDATE no action;
